/**
 * A fresh clone's first `npm start`, then starts after a change (`npm run bench:first-start`).
 * In a temporary copy of this checkout (the files git knows, as they are on disk; node_modules
 * hard-linked, so nothing is installed), or of a commit with `--ref`, or in place with `--checkout`:
 *
 * 1. removes every front end's `dist` and the build caches (`node_modules/.cache/webpack` and
 *    `node_modules/.cache/precompress`), starts `npm start` on a free port with a fresh DATA_DIR and
 *    prints the seconds until the site answers (`/api/site-configuration?domain=localhost` and `/`,
 *    both 200); then stops it (SIGINT to its process group);
 * 2. appends a statement to one source file of one remote (`--touch`, default
 *    mfe-config-admin/src/routes.tsx) and starts again on the same DATA_DIR;
 * 3. starts once more with nothing changed.
 *
 * Printed for each start: the seconds until the site answered, the front ends it built (and any that
 * failed), when the last build ended, the CPU seconds of npm start's whole process tree (less moved
 * by the machine's other load than the wall time), its peak resident memory (sampled every 250 ms)
 * and the load average before and after. Figures only, no thresholds. `--keep` keeps the copy and
 * the DATA_DIR (with each start's log).
 *
 *   npm run bench:first-start
 *   npm run bench:first-start -- --ref HEAD~3            # a temporary copy of that commit's files
 *   npm run bench:first-start -- --checkout /some/clone  # in place (the touched file is restored at the end)
 *   npm run bench:first-start -- --touch mfe-storefront/src/routes.tsx --keep
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FRONT_ENDS } from '../../shared/build/front-ends';
import { benchOption, hasFlag } from './cli';
import { treeRssKiB } from './bench-process';

const REPO = path.resolve(__dirname, '..', '..');
const TIMEOUT_MS = 15 * 60_000;
const touchPath = benchOption('touch') ?? 'mfe-config-admin/src/routes.tsx';

const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * CPU seconds used so far by a process tree, ended descendants included (a process's ended and
 * reaped children are in its own cutime/cstime). Less moved by the machine's other load than wall time.
 */
function treeCpuSeconds(rootPid: number): number {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the name: state, ppid, …; utime, stime, cutime, cstime are the 14th to 17th fields.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
      stats.set(Number(entry), { parent: Number(fields[1]), ticks });
    } catch {
      // ended meanwhile
    }
  }
  let ticks = 0;
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index++) {
    ticks += stats.get(tree[index]!)?.ticks ?? 0;
    for (const [pid, { parent }] of stats) if (parent === tree[index]) tree.push(pid);
  }
  return ticks / CLOCK_TICKS;
}

/** A copy of the checkout (or of `ref`) with node_modules hard-linked from this one. */
function temporaryCopy(ref: string | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
  if (ref) {
    execFileSync('sh', ['-c', `git -C "${REPO}" archive "${ref}" | tar -x -C "${dir}"`]);
  } else {
    const files = execFileSync('git', ['-C', REPO, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
    for (const file of new Set(files)) {
      const from = path.join(REPO, file);
      if (!fs.existsSync(from)) continue; // deleted in the work tree
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.copyFileSync(from, path.join(dir, file));
    }
  }
  // Hard links: nothing to install, and the copy only adds files (its build caches are removed before the run).
  const workspaceModules = fs.readdirSync(REPO).map((entry) => path.join(entry, 'node_modules'));
  for (const folder of ['node_modules', ...workspaceModules.filter((folder) => fs.existsSync(path.join(REPO, folder)))]) {
    execFileSync('cp', ['-al', path.join(REPO, folder), path.join(dir, folder)]);
  }
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

interface StartResult {
  seconds: number;
  /** When the last front-end build ended (seconds after the start), if any was built. */
  buildsEndedSeconds?: number;
  built: string[];
  failed: string[];
  cpuSeconds: number;
  peakRssMiB: number;
  loadBefore: string;
  loadAfter: string;
}

/** `npm start` in `dir` until the site answers; then SIGINT to its process group and wait for it to end. */
async function timeStart(dir: string, dataDir: string, label: string): Promise<StartResult> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, `${label}.log`);
  const log = fs.createWriteStream(logFile);
  const loadBefore = load();
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Each output line with the second it arrived: which front ends were built, and when the builds ended.
  const lines: { at: number; text: string }[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    log.write(chunk);
    const text = partial + chunk.toString();
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) lines.push({ at: (Date.now() - started) / 1000, text: line });
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));
  let peakRssKiB = 0;
  const sampler = setInterval(() => (peakRssKiB = Math.max(peakRssKiB, treeRssKiB(child.pid!))), 250);
  try {
    for (;;) {
      if (ended) throw new Error(`npm start ended before the site answered; see ${logFile}`);
      if (Date.now() - started > TIMEOUT_MS) throw new Error(`the site did not answer within ${TIMEOUT_MS / 1000} s; see ${logFile}`);
      if ((await answers(`${origin}/api/site-configuration?domain=localhost`)) && (await answers(`${origin}/`))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (Date.now() - started) / 1000;
  const cpuSeconds = treeCpuSeconds(child.pid!);
  const loadAfter = load();
  process.kill(-child.pid!, 'SIGINT');
  const stopTimer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 30_000);
  await exited;
  clearTimeout(stopTimer);
  log.end();

  const built = lines.flatMap(({ text }) => /^Building (\S+?)…/.exec(text)?.[1] ?? []);
  const failed = lines.flatMap(({ text }) => /^Building (\S+) failed/.exec(text)?.[1] ?? []);
  const buildsEnded = lines.filter(({ text }) => /^Built \S+ in /.test(text)).at(-1)?.at;
  return { seconds, buildsEndedSeconds: buildsEnded, built, failed, cpuSeconds, peakRssMiB: peakRssKiB / 1024, loadBefore, loadAfter };
}

function print(label: string, result: StartResult): void {
  console.log(
    `${label}: ${result.seconds.toFixed(1)} s until the site answered` +
      ` (built: ${result.built.length ? result.built.join(', ') : 'nothing'}` +
      `${result.buildsEndedSeconds === undefined ? '' : `, builds done after ${result.buildsEndedSeconds.toFixed(1)} s`}` +
      `${result.failed.length ? `, FAILED: ${result.failed.join(', ')}` : ''};` +
      ` npm start's process tree used ${result.cpuSeconds.toFixed(0)} CPU seconds, peak RSS ${result.peakRssMiB.toFixed(0)} MiB;` +
      ` load average ${result.loadBefore} → ${result.loadAfter})`,
  );
}

async function main(): Promise<void> {
  const checkout = benchOption('checkout');
  const ref = benchOption('ref');
  const dir = checkout ? path.resolve(checkout) : temporaryCopy(ref);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-data-'));
  const touched = path.join(dir, touchPath);
  const original = fs.readFileSync(touched, 'utf8');
  console.log(`checkout: ${dir}${checkout ? '' : ` (temporary copy of ${ref ?? 'the work tree'})`}; DATA_DIR ${dataDir}`);
  console.log(`uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  try {
    for (const frontEnd of FRONT_ENDS) fs.rmSync(path.join(dir, frontEnd.workspace, 'dist'), { recursive: true, force: true });
    for (const cache of ['webpack', 'precompress']) fs.rmSync(path.join(dir, 'node_modules', '.cache', cache), { recursive: true, force: true });

    print('first start (no dist, no build cache, empty DATA_DIR)', await timeStart(dir, dataDir, 'first'));

    // A statement, not a comment: it reaches the bundle, so the rebuild emits a changed chunk.
    fs.appendFileSync(touched, `\n;(globalThis as Record<string, unknown>).__firstStartBench = ${Date.now()};\n`);
    print(`second start (${touchPath} changed)`, await timeStart(dir, dataDir, 'second'));
    print('third start (nothing changed)', await timeStart(dir, dataDir, 'third'));
  } finally {
    if (checkout) fs.writeFileSync(touched, original);
    if (!hasFlag('keep')) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!checkout) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
