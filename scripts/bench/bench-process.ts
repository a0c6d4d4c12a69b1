/**
 * Process helpers shared by the benchmarks: the load generator run in a process of its own
 * (scripts/bench/load-generator.ts), the resident memory and CPU time of a server's whole
 * process tree, and how busy the machine's cores were.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CallResult, LoadPlan } from './load-generator';

/** Runs a plan in the load generator's own process (autocannon); answers its results. */
export function runLoadPlan(plan: LoadPlan): Promise<CallResult[]> {
  return new Promise((resolve, reject) => {
    const generator = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'load-generator.ts')], {
      cwd: path.resolve(__dirname, '..', '..'),
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    generator.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    generator.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output) as CallResult[]) : reject(new Error(`load generator exit ${code}`))));
    generator.stdin.end(JSON.stringify(plan));
  });
}

interface ProcessEntry {
  pid: number;
  parent: number;
  /** The executable's name (`comm`), e.g. `postgres`. */
  name: string;
  /** User plus system CPU time, in clock ticks. */
  cpuTicks: number;
}

/** Every process, from /proc (one that ends meanwhile is left out). */
function processes(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the name (which may hold spaces): state, ppid, … utime (14th), stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      entries.push({
        pid: Number(entry),
        parent: Number(fields[1]),
        name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        cpuTicks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return entries;
}

/** A process and its descendants. */
function processTree(rootPid: number, all = processes()): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of all) children.set(entry.parent, [...(children.get(entry.parent) ?? []), entry]);
  const tree = all.filter((entry) => entry.pid === rootPid);
  for (let index = 0; index < tree.length; index++) tree.push(...(children.get(tree[index]!.pid) ?? []));
  return tree;
}

/** Sum of RSS (KiB, as ps shows it) over a process and its descendants, from /proc. */
export function treeRssKiB(rootPid: number): number {
  let total = 0;
  for (const { pid } of processTree(rootPid)) {
    try {
      const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(rss?.[1] ?? 0);
    } catch {
      // ended
    }
  }
  return total;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time so far of a process tree and of the PostgreSQL server's processes, per process (ticks). */
export interface CpuReading {
  server: Map<number, number>;
  postgres: Map<number, number>;
}

/** Reads the CPU time of `rootPid`'s tree and of every process named `postgres` (its backends do the queries). */
export function readCpu(rootPid: number): CpuReading {
  const all = processes();
  const byPid = (entries: ProcessEntry[]) => new Map(entries.map((entry) => [entry.pid, entry.cpuTicks]));
  return { server: byPid(processTree(rootPid, all)), postgres: byPid(all.filter((entry) => entry.name === 'postgres')) };
}

/**
 * A reading with only the PostgreSQL processes in `pids` (the bench database's backends): the server
 * serves other databases too, whose work is not the answers'.
 */
export function onlyPostgres(reading: CpuReading, pids: ReadonlySet<number>): CpuReading {
  return { ...reading, postgres: new Map([...reading.postgres].filter(([pid]) => pids.has(pid))) };
}

/**
 * CPU seconds spent between two readings, per group. Per process: one that started meanwhile counts
 * whole; one that ended meanwhile (a pooled connection closed when idle) is missing its last part.
 */
export function cpuSecondsBetween(before: CpuReading, after: CpuReading): { server: number; postgres: number } {
  const spent = (from: Map<number, number>, to: Map<number, number>) => {
    let ticks = 0;
    for (const [pid, now] of to) ticks += now - (from.get(pid) ?? 0);
    return ticks / CLOCK_TICKS_PER_SECOND;
  };
  return { server: spent(before.server, after.server), postgres: spent(before.postgres, after.postgres) };
}

/** The machine's CPU time so far, from the first line of /proc/stat (ticks summed over the cores). */
export interface MachineCpuReading {
  busy: number;
  idle: number;
}

export function readMachineCpu(): MachineCpuReading {
  // cpu  user nice system idle iowait irq softirq steal …
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = ticks[3]! + ticks[4]!;
  return { busy: ticks.reduce((sum, value) => sum + value, 0) - idle, idle };
}

/**
 * Cores kept busy between two readings (0 to the machine's core count): every process counts,
 * including connections that closed meanwhile, which a per-process reading would miss.
 */
export function busyCoresBetween(before: MachineCpuReading, after: MachineCpuReading): number {
  const busy = after.busy - before.busy;
  const all = busy + after.idle - before.idle;
  return all > 0 ? (busy / all) * os.cpus().length : 0;
}
