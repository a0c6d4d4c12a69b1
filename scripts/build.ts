/**
 * npm run build: builds every front end (shell and remotes) with its workspace's own
 * `build` script. `buildFrontEnds({ onlyMissing: true })` is what `npm start` uses.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FRONT_ENDS, findFrontEnd } from '../shared/build/front-ends';

export const ROOT = path.resolve(__dirname, '..');
const FRONT_END_WORKSPACES = FRONT_ENDS.map((frontEnd) => frontEnd.workspace);

/** Built: its browser build and, for the shell and the storefront, its Node build (server rendering). */
export const isBuilt = (workspace: string) => {
  const frontEnd = findFrontEnd(workspace);
  const dist = path.join(ROOT, workspace, 'dist');
  if (!fs.existsSync(path.join(dist, frontEnd.kind === 'host' ? 'index.html' : 'mf-manifest.json'))) return false;
  if (frontEnd.kind === 'host') return fs.existsSync(path.join(dist, 'server', 'server.js'));
  return frontEnd.mount !== 'storefront' || fs.existsSync(path.join(dist, 'server', 'remoteEntry.js'));
};

export function buildFrontEnds({ onlyMissing = false } = {}): void {
  const targets = FRONT_END_WORKSPACES.filter((workspace) => !onlyMissing || !isBuilt(workspace));
  for (const workspace of targets) {
    console.log(`Building ${workspace}…`);
    const started = Date.now();
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`Building ${workspace} failed (exit ${result.status})`);
    console.log(`Built ${workspace} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (require.main === module) {
  try {
    buildFrontEnds();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
