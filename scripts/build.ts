/**
 * npm run build: builds every front end (shell and remotes) with its workspace's own `build`
 * script, BUILD_PARALLEL at a time. `buildFrontEnds({ onlyStale: true })` is what `npm start` uses:
 * it builds the front ends whose dist is missing or was built from other inputs than today's
 * (scripts/webpack/inputs.ts: the workspace's files, `shared/`, the build scripts, the lock file).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FRONT_ENDS, findFrontEnd } from '../shared/build/front-ends';
import { buildFingerprint, FINGERPRINT_FILE, storedFingerprint } from './webpack/inputs';

export const ROOT = path.resolve(__dirname, '..');
const FRONT_END_WORKSPACES = FRONT_ENDS.map((frontEnd) => frontEnd.workspace);
const distOf = (workspace: string) => path.join(ROOT, workspace, 'dist');

/** Built: its browser build and, for the shell and the storefront, its Node build (server rendering). */
export const isBuilt = (workspace: string) => {
  const frontEnd = findFrontEnd(workspace);
  const dist = distOf(workspace);
  if (!fs.existsSync(path.join(dist, frontEnd.kind === 'host' ? 'index.html' : 'mf-manifest.json'))) return false;
  if (frontEnd.kind === 'host') return fs.existsSync(path.join(dist, 'server', 'server.js'));
  return frontEnd.mount !== 'storefront' || fs.existsSync(path.join(dist, 'server', 'remoteEntry.js'));
};

/** Built from the inputs as they are now: nothing to rebuild. A dist built otherwise (no fingerprint) counts as stale. */
export const isUpToDate = (workspace: string) => isBuilt(workspace) && storedFingerprint(distOf(workspace)) === buildFingerprint(workspace);

/**
 * Builds at once. Two fill the two cores of the machines this runs on (webpack is mostly one
 * thread; esbuild and compression use the rest); docs/benchmarks.md has the measurements.
 */
const BUILD_PARALLEL = 2;

export interface BuildFrontEndsOptions {
  /** Only the front ends that are not up to date (`npm start`). */
  onlyStale?: boolean;
  /** Browser builds without source maps (`npm start`: they are for profiling, and make every build slower). */
  sourceMaps?: boolean;
}

/** Builds the front ends, several at once; every build runs to its end, then a failure is thrown. */
export async function buildFrontEnds({ onlyStale = false, sourceMaps = true }: BuildFrontEndsOptions = {}): Promise<void> {
  // Longest first (the shell and the storefront also have a Node build), so the last to finish is a short one.
  const queue = FRONT_END_WORKSPACES.filter((workspace) => !onlyStale || !isUpToDate(workspace));
  const failures: string[] = [];
  const worker = async () => {
    for (let workspace = queue.shift(); workspace; workspace = queue.shift()) {
      try {
        await buildOne(workspace, sourceMaps);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BUILD_PARALLEL, queue.length) }, worker));
  if (failures.length) throw new Error(failures.join('\n'));
}

/** One front end's build, its output prefixed with its name; on success, the fingerprint of the inputs it was built from. */
async function buildOne(workspace: string, sourceMaps: boolean): Promise<void> {
  // Taken before the build starts: a file changed while it runs makes the next start build again.
  const fingerprint = buildFingerprint(workspace);
  fs.rmSync(path.join(distOf(workspace), FINGERPRINT_FILE), { force: true });
  console.log(`Building ${workspace}…`);
  const started = Date.now();
  const args = ['run', 'build', '-w', workspace, ...(sourceMaps ? [] : ['--', '--no-source-maps'])];
  const child = spawn('npm', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefixed = (from: NodeJS.ReadableStream, to: NodeJS.WritableStream) => {
    let partial = '';
    from.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) to.write(`${workspace} | ${line}\n`);
    });
    from.on('end', () => partial && to.write(`${workspace} | ${partial}\n`));
  };
  prefixed(child.stdout, process.stdout);
  prefixed(child.stderr, process.stderr);
  const status = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (status !== 0) throw new Error(`Building ${workspace} failed (exit ${status})`);
  fs.writeFileSync(path.join(distOf(workspace), FINGERPRINT_FILE), `${fingerprint}\n`);
  console.log(`Built ${workspace} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (require.main === module) {
  buildFrontEnds().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
