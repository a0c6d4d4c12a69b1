/**
 * Process helpers shared by the benchmarks: the load generator run in a process of its own
 * (scripts/bench/load-generator.ts) and the resident memory of a server's whole process tree.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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

/** Sum of RSS (KiB, as ps shows it) over a process and its descendants, from /proc. */
export function treeRssKiB(rootPid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    try {
      const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(rss?.[1] ?? 0);
    } catch {
      // ended
    }
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}
