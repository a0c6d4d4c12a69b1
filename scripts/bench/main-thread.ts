/**
 * Main-thread work of the visitor pages, measured in CPU time so that a busy machine moves it
 * little (`npm run bench:main-thread -- --base-url http://localhost:8080 [--runs 5] [--tasks]
 * [--path /some/page]`; `--path` measures that one address instead of the four visitor pages).
 *
 * Each page is loaded in headless Chromium with a Chromium trace; every top-level task of the
 * page's main thread is taken at its thread time (`tdur`, the CPU the thread used, not the wall
 * time it waited for a core). "Blocking" estimates Lighthouse's Total Blocking Time on its
 * simulated phone: Lighthouse multiplies each observed task by 4, so a task counts
 * 4 × CPU − 50 ms when that is positive. The figures print as the median of the runs; `--tasks`
 * lists the longest tasks of the last run with the script or phase they ran.
 */
import { benchOption, hasFlag } from './cli';
import { median } from './statistics';
import { chromium } from 'playwright-core';
import { visitorPagesToMeasure } from './visitor-pages';

const BASE_URL = benchOption('base-url') ?? 'http://localhost:8080';
const RUNS = Number(benchOption('runs') ?? 5);
const LIST_TASKS = hasFlag('tasks');
const ONE_PATH = benchOption('path');
/** Lighthouse's simulated phone runs the CPU 4 times slower than the machine it measures on. */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/**
 * Lighthouse's phone (its moto g power): the server picks a page's layout from the user agent, so a
 * desktop agent on a phone's viewport would measure the switch to the phone layout instead.
 */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; stackTrace?: { url: string }[] } };
}

interface Task {
  startMs: number;
  cpuMs: number;
  what: string;
}

/** The renderer main thread's top-level tasks, each named by the first script or phase inside it. */
function mainThreadTasks(events: TraceEvent[], pageUrl: string): Task[] {
  const mainThreads = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The page's renderer is the one that committed the navigation to the page's URL.
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data && 'documentLoaderURL' in (e.args.data as object) && String((e.args.data as { documentLoaderURL?: string }).documentLoaderURL).startsWith(pageUrl.split('?')[0]!));
  const thread = mainThreads.find((t) => !navigation || (t.pid === navigation.pid && t.tid === navigation.tid)) ?? mainThreads[0];
  if (!thread) return [];
  const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
  const start = navigation?.ts ?? Math.min(...own.map((e) => e.ts));
  const tasks = own.filter((e) => e.name === 'RunTask' && e.ts >= start && (e.tdur ?? 0) > 0);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inner = own.find(
      (e) => e.ts >= task.ts && e.ts <= end && e !== task && (e.args?.data?.url || ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint'].includes(e.name)),
    );
    const url = inner?.args?.data?.url;
    return {
      startMs: (task.ts - start) / 1000,
      cpuMs: (task.tdur ?? 0) / 1000,
      what: url ? `${inner!.name} ${url.replace(BASE_URL, '')}` : (inner?.name ?? 'other'),
    };
  });
}


async function main(): Promise<void> {
  const pages = ONE_PATH ? [{ name: 'path', path: ONE_PATH }] : await visitorPagesToMeasure(BASE_URL);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  console.log(`${BASE_URL}, ${RUNS} runs per page, median; CPU ms of the page's main thread`);
  console.log('page      main-thread CPU   tasks > 12.5 ms   blocking (4x, as Lighthouse)');
  try {
    for (const visitorPage of pages) {
      const totals: number[] = [];
      const longCounts: number[] = [];
      const blocking: number[] = [];
      let lastTasks: Task[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT });
        const page = await context.newPage();
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', '__metadata'] });
        await page.goto(`${BASE_URL}${visitorPage.path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(500);
        const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        const tasks = mainThreadTasks(trace.traceEvents, `${BASE_URL}${visitorPage.path}`);
        totals.push(tasks.reduce((sum, task) => sum + task.cpuMs, 0));
        const long = tasks.filter((task) => task.cpuMs * CPU_SLOWDOWN > LONG_TASK_MS);
        longCounts.push(long.length);
        blocking.push(long.reduce((sum, task) => sum + task.cpuMs * CPU_SLOWDOWN - LONG_TASK_MS, 0));
        lastTasks = tasks;
        await context.close();
      }
      console.log(
        `${visitorPage.name.padEnd(10)}${median(totals).toFixed(0).padStart(10)} ms${String(median(longCounts)).padStart(15)}${median(blocking).toFixed(0).padStart(20)} ms`,
      );
      if (LIST_TASKS) {
        for (const task of [...lastTasks].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 14)) {
          console.log(`    ${task.cpuMs.toFixed(1).padStart(7)} ms at ${task.startMs.toFixed(0).padStart(5)} ms  ${task.what}`);
        }
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
