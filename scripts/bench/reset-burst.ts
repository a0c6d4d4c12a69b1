/**
 * What a burst of bogus password resets does to everybody else: `/api/health`'s median and p95,
 * probed one request at a time, first alone and then while another process sends 89
 * `POST /api/auth/reset-password` with made-up tokens, 8 at a time, from one client (as an
 * anonymous attacker would). Runs against a server that is already running:
 *
 *   PORT=8301 WORKER=off FEED_SCHEDULER=off npx tsx api/src/server.ts --api-only
 *   npx tsx scripts/bench/reset-burst.ts --url http://127.0.0.1:8301 [--requests 89] [--concurrency 8]
 *     [--spread-clients] [--server-pid <pid>]
 *
 * Prints the two latency figures and the burst's answers by status. The burst runs in a child
 * process of its own (this file with --burst), so its client work does not delay the probes'
 * timers in this one.
 */
import { percentile } from './statistics';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { cpuSecondsBetween, readCpu } from './bench-process';
import { benchOption, hasFlag } from './cli';

const BASE_URL = (benchOption('url') ?? 'http://127.0.0.1:8301').replace(/\/$/, '');
const REQUESTS = Number(benchOption('requests') ?? 89);
const CONCURRENCY = Number(benchOption('concurrency') ?? 8);
/** Probes of /api/health alone, before the burst. */
const BASELINE_PROBES = Number(benchOption('probes') ?? 200);
/**
 * Each request names another client in X-Forwarded-For (198.18.0.0/15, the benchmark range): a
 * burst spread over many addresses, which the per-client limit does not stop. The server only
 * believes the header behind a trusted proxy (TRUST_PROXY=loopback).
 */
const SPREAD_CLIENTS = hasFlag('spread-clients');
/**
 * The server's process id (`pgrep -f 'api/src/server.ts'`, say): then the CPU time its process
 * tree spent during the burst is printed too, a figure that depends less on what else the
 * machine is doing than latency does.
 */
const SERVER_PID = benchOption('server-pid') ? Number(benchOption('server-pid')) : undefined;

interface BurstResult {
  statuses: Record<string, number>;
  seconds: number;
}

/** The child: the burst itself. A password the policy accepts, so the server gets as far as it can. */
async function burst(): Promise<void> {
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  const sender = async () => {
    while (next < REQUESTS) {
      next += 1;
      const client: Record<string, string> = SPREAD_CLIENTS
        ? { 'x-forwarded-for': `198.18.${(next >> 8) & 255}.${next & 255}` }
        : {};
      const res = await fetch(`${BASE_URL}/api/auth/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...client },
        body: JSON.stringify({
          token: crypto.randomBytes(32).toString('base64url'),
          password: 'Lange-zin-voor-de-meting-42',
        }),
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, sender));
  const result: BurstResult = { statuses, seconds: (performance.now() - started) / 1000 };
  process.stdout.write(JSON.stringify(result));
}

async function probeHealth(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${BASE_URL}/api/health`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`/api/health answered ${res.status}`);
  return performance.now() - started;
}

function runBurst(): Promise<BurstResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', __filename, '--burst', ...process.argv.slice(2)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output) as BurstResult) : reject(new Error(`burst exit ${code}`)),
    );
  });
}

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `median ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms (${samples.length} probes)`;
};

async function main(): Promise<void> {
  // Warm-up: the first requests pay for connection set-up and lazy compilation.
  for (let i = 0; i < 20; i++) await probeHealth();
  const alone: number[] = [];
  const cpuAtStart = SERVER_PID ? readCpu(SERVER_PID) : undefined;
  for (let i = 0; i < BASELINE_PROBES; i++) alone.push(await probeHealth());
  const cpuPerProbe = cpuAtStart ? cpuSecondsBetween(cpuAtStart, readCpu(SERVER_PID!)).server / BASELINE_PROBES : 0;

  const during: number[] = [];
  let done = false;
  const cpuBefore = SERVER_PID ? readCpu(SERVER_PID) : undefined;
  const result = runBurst().finally(() => (done = true));
  while (!done) during.push(await probeHealth());
  const { statuses, seconds } = await result;
  const cpu = cpuBefore ? cpuSecondsBetween(cpuBefore, readCpu(SERVER_PID!)).server : undefined;

  console.log(
    `${BASE_URL}: ${REQUESTS} bogus resets, ${CONCURRENCY} at a time, took ${seconds.toFixed(1)} s; answers ${JSON.stringify(statuses)}`,
  );
  console.log(`/api/health alone:        ${summary(alone)}`);
  console.log(`/api/health during burst: ${summary(during)}`);
  if (cpu !== undefined) {
    // What the probes themselves cost, at the rate measured while they ran alone, is taken off.
    const burstCpu = Math.max(0, cpu - cpuPerProbe * during.length);
    console.log(`server CPU for the burst: ${burstCpu.toFixed(2)} s (${cpu.toFixed(2)} s with the probes during it)`);
  }
}

if (hasFlag('burst')) void burst();
else void main();
