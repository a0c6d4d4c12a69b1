/**
 * Front-end builds for the deployment tests, always outside the workspaces' own dist folders
 * (other runs build those): a build into a folder of the test's own, a copy of a deployed dist,
 * the version a build reports, and a digest that tells whether a deployed folder changed.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** `scripts/webpack/build.ts <workspace> --out-dir <outDir>`, with extra environment (e.g. MF_BUILD_VERSION). */
export function buildFrontEnd(workspace: string, outDir: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const output: string[] = [];
    const child = spawn('npx', ['tsx', 'scripts/webpack/build.ts', workspace, '--out-dir', outDir], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building ${workspace} failed (exit ${code}):\n${output.join('')}`)),
    );
  });
}

/** Copies a workspace's built dist (what `npm start` deployed) into `to`, so a rebuild elsewhere cannot change it mid-test. */
export function copyDeployedDist(workspace: string, to: string): void {
  const dist = path.join(ROOT, workspace, 'dist');
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) {
    throw new Error(`${workspace}/dist has no mf-manifest.json: build it first (npm run build -w ${workspace})`);
  }
  fs.cpSync(dist, to, { recursive: true });
}

/** The version a remote build reports (mf-manifest.json `metaData.buildInfo.buildVersion`). */
export function reportedVersion(dir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as {
    metaData: { buildInfo: { buildVersion: string } };
  };
  return manifest.metaData.buildInfo.buildVersion;
}

/** One hash over every file's path and content below `dir`. */
export function folderDigest(dir: string): string {
  const hash = createHash('sha256');
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .sort();
  for (const file of files) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex');
}
