/**
 * Server-rendered pages under load (product issue: "product and category pages answer with
 * p95 ≤ 100 ms at concurrency 16 on PostgreSQL with the 100,000-product catalogue"). Starts
 * `npm start` (front ends served, SERVER_RENDERING=on, FEED_SCHEDULER=off, WORKER=off,
 * LOG_LEVEL=warn, SSR_BUDGET_MS at its production default of 300 ms unless --budget) in a process
 * of its own on the database koopjesland_bench, waits until /api/ready answers and a render of `/`
 * carries `id="kl-state"`, then drives product pages (`/product/{slug}/{id}`, 2,000 random products)
 * and category pages (`/{slug}` and `/{slug}?page=2…6` of every category with products, 200 URLs),
 * one call type at a time, with the load generator in its own process (scripts/bench/load-generator.ts,
 * autocannon) sending `accept: text/html` and `accept-encoding: gzip, br` like a browser.
 *
 * Each call type runs at --connections (16) and then at concurrency 1 (the floor: a render with
 * the machine to itself), --duration seconds each. Printed per run: p50/p95/p99, requests per
 * second, statuses, and how many answers were server-rendered (the decompressed body carries
 * `id="kl-state"`) versus the client-rendered fallback (over budget or failed: fast, so it would
 * flatter the latency), with the latency of the server-rendered answers alone, and the CPU time
 * per answer of the server's process tree and of the bench database's PostgreSQL backends (from /proc, the run and
 * its settling: a figure the machine's other load hardly moves, unlike latency); then the
 * server's fallback reasons from its log, and its peak RSS (the whole process tree, as ps sees it,
 * sampled every 250 ms). A run that sent more requests than it has distinct paths says how many asked
 * a page again (a repeated page meets the API's caches warm). Between runs it waits until the server
 * answers /api/health quickly again (renders over budget finish in the background after their
 * fallback was sent) and prints how long that took. Figures are printed, never asserted.
 *
 * The rendered-page cache (shell/src/server-rendering/rendered-page-cache.ts) is measured beside: with
 * `--cache both` (the default) the runs above are made twice, on a server started with
 * `SSR_CACHE_TTL_MS=0` ("no cache": the figures compare with runs before the cache) and on one with
 * the cache at its defaults. Each server then also runs "popular pages": requests drawn from a hot
 * set of `--hot` (50) other products and the first page of `--hot-categories` (20) categories, the
 * case the cache is for; each of those pages is asked once, one at a time, before they are measured
 * (a popular page is in the cache when the load comes). Every run prints its hit ratio from the
 * `x-render-cache` answers (hit / miss / none, none being the client-rendered fallback or no cache).
 *
 *   npm run bench:ssr
 *   npm run bench:ssr -- --cache off            # only the server without the cache (as before it existed)
 *   npm run bench:ssr -- --hot 100 --hot-categories 40
 *   npm run bench:ssr -- --duration 10 --connections 32 --port 8297
 *   npm run bench:ssr -- --budget 1000          # SSR_BUDGET_MS for this run
 *   npm run bench:ssr -- --max-concurrent 16    # SSR_MAX_CONCURRENT: 16 renders every request at concurrency 16
 *   npm run bench:ssr -- --cpu-prof /tmp/prof   # the server's processes write .cpuprofile files there
 *   npm run bench:ssr -- --cache off --only product --products 2000 --connections 4   # only the runs whose name starts so
 *
 * koopjesland_bench (on BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432) is
 * created and seeded with the 100,000-product catalogue when empty (the same code as bench:api;
 * a few minutes the first time). The front ends must be built (`npm run build`): this script waits
 * for them rather than let `npm start` build them. The paths are drawn in a fixed pseudo-random
 * order, so runs compare. The API's response cache (60 s) is warm for paths seen earlier in the run: the
 * concurrency-16 runs come first, so the floor is the one that may profit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../api/src/config';
import { parseScale } from '../../api/src/demo/seed';
import { FRONT_ENDS } from '../../shared/build/front-ends';
import { isBuilt } from '../build';
import { benchBackends, ensurePostgresDatabase, openBenchDatabase, seedOnce } from './bench-database';
import { cpuSecondsBetween, onlyPostgres, readCpu, runLoadPlan, treeRssKiB } from './bench-process';
import type { CallResult, LoadPlan } from './load-generator';
import { benchOption } from './cli';

const DURATION = Number(benchOption('duration') ?? 30);
const CONNECTIONS = Number(benchOption('connections') ?? 16);
const PORT = Number(benchOption('port') ?? 8297);
const BUDGET = benchOption('budget');
const MAX_CONCURRENT = benchOption('max-concurrent');
const CPU_PROF_DIR = benchOption('cpu-prof');
const PRODUCTS = Number(benchOption('products') ?? 2000);
const CATEGORY_PAGES = Number(benchOption('category-pages') ?? 200);
const HOT_PRODUCTS = Number(benchOption('hot') ?? 50);
const HOT_CATEGORIES = Number(benchOption('hot-categories') ?? 20);
/** Only the page lists whose name starts with one of these (product, category, popular). */
const ONLY = benchOption('only')?.split(',').map((name) => name.trim());
const CACHE_MODES = { off: [false], on: [true], both: [false, true] }[benchOption('cache') ?? 'both'];
if (!CACHE_MODES) throw new Error('--cache is off, on or both');
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The server's DATA_DIR (its JWT secret file and such), removed at the end. */
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'koopjesland-ssr-'));
const MARKER = 'id="kl-state"';
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, br',
  'accept-language': 'nl-NL,nl;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');

/** The front ends `npm start` would otherwise build; someone may be rebuilding them, so wait (up to 15 min). */
async function waitForFrontEnds(): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const missing = FRONT_ENDS.map((frontEnd) => frontEnd.workspace).filter((workspace) => !isBuilt(workspace));
    if (missing.length === 0) return;
    if (attempt >= 90) throw new Error(`front ends not built: ${missing.join(', ')} (npm run build)`);
    if (attempt === 0) console.log(`waiting for the front-end builds (${missing.join(', ')}) …`);
    await sleep(10_000);
  }
}

interface Paths {
  products: string[];
  categories: string[];
  /** Popular pages: other products than `products`, and the first page of the first categories. */
  hotProducts: string[];
  hotCategories: string[];
  /** Requested before measuring (not among the measured paths). */
  warmUp: string[];
}

/** Real paths, drawn in a fixed pseudo-random order: random products and every category with products, pages 1–6. */
async function pickPaths(): Promise<Paths> {
  const database = await openBenchDatabase('postgres');
  try {
    await seedOnce(database, { scale: parseScale('large') });
    // A fixed pseudo-random order (md5 of the id), so every run asks for the same products.
    const products = await database.query<{ id: number; slug: string }>(
      `select p.id, p.slug from products p join product_prices pp on pp.product_id = p.id where pp.offer_count > 0 order by md5('ssr' || p.id) limit $1`,
      [PRODUCTS + 10 + HOT_PRODUCTS],
    );
    const categories = await database.query<{ slug: string }>(
      `select c.slug from categories c where exists (select 1 from product_categories pc where pc.category_id = c.id) order by c.slug`,
    );
    const categoryPaths: string[] = [];
    for (let page = 1; categoryPaths.length < CATEGORY_PAGES && page <= 50; page++) {
      for (const { slug } of categories) {
        if (categoryPaths.length < CATEGORY_PAGES) categoryPaths.push(page === 1 ? `/${slug}` : `/${slug}?page=${page}`);
      }
    }
    const productPaths = products.map((product) => `/product/${product.slug}/${product.id}`);
    return {
      products: productPaths.slice(0, PRODUCTS),
      categories: categoryPaths,
      hotProducts: productPaths.slice(PRODUCTS + 10),
      hotCategories: categories.slice(0, HOT_CATEGORIES).map(({ slug }) => `/${slug}`),
      warmUp: ['/', ...productPaths.slice(PRODUCTS, PRODUCTS + 10), ...categories.slice(0, 10).map(({ slug }) => `/${slug}?page=51`)],
    };
  } finally {
    await database.close();
  }
}

async function startServer(databaseUrl: string, logFile: string, cache: boolean): Promise<ChildProcess> {
  const log = fs.openSync(logFile, 'w');
  // Node 20 refuses --cpu-prof in NODE_OPTIONS: profile by starting what `npm start` runs with node's own flags.
  const [command, args] = CPU_PROF_DIR
    ? ['node', ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`, '--import', 'tsx', 'scripts/start.ts']]
    : ['npm', ['start']];
  const server = spawn(command, args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: databaseUrl,
      DATA_DIR,
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      SEED_DEMO: 'off',
      SERVER_RENDERING: 'on',
      FEED_SCHEDULER: 'off',
      WORKER: 'off',
      LOG_LEVEL: 'warn',
      ...(BUDGET ? { SSR_BUDGET_MS: BUDGET } : {}),
      ...(MAX_CONCURRENT ? { SSR_MAX_CONCURRENT: MAX_CONCURRENT } : {}),
      // "No cache": every request renders, as before the rendered-page cache.
      SSR_CACHE_TTL_MS: cache ? (process.env.SSR_CACHE_TTL_MS ?? '60000') : '0',
    },
  });
  fs.closeSync(log);
  for (let attempt = 0; attempt < 480; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${BASE_URL}/api/ready`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the server did not become ready; see ${logFile}`);
}

/** GET until the page is server-rendered (the first render loads the storefront's container). */
async function waitForServerRender(url: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const html = await fetch(`${BASE_URL}${url}`, { headers: { accept: BROWSER_HEADERS.accept } }).then((r) => r.text());
    if (html.includes(MARKER)) return;
    await sleep(500);
  }
  throw new Error(`${url} is never server-rendered`);
}

/** Asks for each page once, one at a time (again when the answer was the fallback); answers how many were server-rendered. */
async function warmUp(list: readonly string[]): Promise<number> {
  let rendered = 0;
  for (const url of list) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const html = await fetch(`${BASE_URL}${url}`, { headers: BROWSER_HEADERS }).then((r) => r.text());
      if (html.includes(MARKER)) {
        rendered += 1;
        break;
      }
    }
  }
  return rendered;
}

/**
 * Waits until the server answers /api/health within 50 ms three times in a row (at most 3 min):
 * renders over budget go on in the background after their fallback was sent, so the process may be
 * busy well after the load stops. Answers how long that took (seconds).
 */
async function settle(): Promise<number> {
  const started = Date.now();
  let quick = 0;
  while (quick < 3 && Date.now() - started < 180_000) {
    const sent = performance.now();
    await fetch(`${BASE_URL}/api/health`).then((r) => r.arrayBuffer());
    quick = performance.now() - sent < 50 ? quick + 1 : 0;
    await sleep(200);
  }
  return (Date.now() - started) / 1000;
}

function plan(name: string, paths: string[], connections: number): LoadPlan {
  return {
    baseUrl: BASE_URL,
    durationSeconds: DURATION,
    // Longer than the render budget: an answer that waits for its render is counted, not timed out.
    timeoutSeconds: Math.max(10, Math.ceil(Number(BUDGET ?? 300) / 1000) + 10),
    calls: [{ name, method: 'GET', paths, connections, headers: BROWSER_HEADERS, bodyMarker: MARKER, countHeader: 'x-render-cache' }],
  };
}

const logLines = (logFile: string) => fs.readFileSync(logFile, 'utf8').split('\n');

/** Fallback reasons in the server's log (pino JSON lines), counted. */
function fallbackReasons(logFile: string, fromLine: number): Map<string, number> {
  const reasons = new Map<string, number>();
  for (const line of logLines(logFile).slice(fromLine)) {
    if (!line.includes('server rendering failed')) continue;
    try {
      const reason = String((JSON.parse(line) as { reason?: string }).reason ?? '?');
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    } catch {
      reasons.set(line.slice(0, 120), (reasons.get(line.slice(0, 120)) ?? 0) + 1);
    }
  }
  return reasons;
}

const distFiles = [path.join(REPO_ROOT, 'shell', 'dist', 'server', 'server.js'), path.join(REPO_ROOT, 'mfe-storefront', 'dist', 'mf-manifest.json')];
const distStamp = () => distFiles.map((file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0).join(',');

interface Row {
  result: CallResult;
  cache: boolean;
  connections: number;
  load: string;
  fallbacks: Map<string, number>;
  busyAfter: number;
  /** CPU milliseconds per answer: the server's process tree, and PostgreSQL's processes. */
  cpuPerAnswer: { server: number; postgres: number };
  /** Distinct paths the run cycled through: requests beyond them asked a page again. */
  distinct: number;
}

/** One server (with or without the rendered-page cache) and its runs: varied pages, then popular ones. */
async function benchServer(databaseUrl: string, paths: Paths, cache: boolean, rows: Row[]): Promise<number> {
  const logFile = path.join(os.tmpdir(), `koopjesland-ssr-${PORT}-${cache ? 'cache' : 'no-cache'}.log`);
  console.log(`\n${cache ? 'with the rendered-page cache' : 'no cache (SSR_CACHE_TTL_MS=0)'}; server log ${logFile}`);
  const startedAt = Date.now();
  const server = await startServer(databaseUrl, logFile, cache);
  const database = await openBenchDatabase('postgres');
  let peakRssKiB = treeRssKiB(server.pid!);
  const sampler = setInterval(() => (peakRssKiB = Math.max(peakRssKiB, treeRssKiB(server.pid!))), 250);
  try {
    await waitForServerRender('/');
    console.log(`server ready and rendering after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    for (const url of paths.warmUp) await fetch(`${BASE_URL}${url}`, { headers: BROWSER_HEADERS }).then((r) => r.arrayBuffer());
    await settle();
    const builds = distStamp();
    for (const [name, list] of [
      ['product /product/{slug}/{id}', paths.products],
      ['category /{slug}[?page=n]', paths.categories],
      [`popular: ${paths.hotProducts.length} products`, paths.hotProducts],
      [`popular: ${paths.hotCategories.length} categories`, paths.hotCategories],
    ] as const) {
      if (ONLY && !ONLY.some((prefix) => name.startsWith(prefix))) continue;
      if (list === paths.hotProducts || list === paths.hotCategories) {
        // Popular pages are asked all day: each is asked once first (in the cache, if there is one).
        const warmed = await warmUp(list);
        console.log(`${name}: each asked once before (${warmed} server-rendered)`);
      }
      for (const connections of [CONNECTIONS, 1]) {
        const firstLine = logLines(logFile).length - 1; // the last element is the unfinished line
        const [backendsBefore, cpuBefore] = [await benchBackends(database), readCpu(server.pid!)];
        const [result] = await runLoadPlan(plan(name, [...list], connections));
        const loadAverage = load();
        const busyAfter = await settle();
        // Until settled: renders over budget finish after the run, and their CPU belongs to it.
        const cpuAfter = readCpu(server.pid!);
        // PostgreSQL serves other databases too: only the bench database's backends count.
        const backends = new Set([...backendsBefore, ...(await benchBackends(database))]);
        const spent = cpuSecondsBetween(onlyPostgres(cpuBefore, backends), onlyPostgres(cpuAfter, backends));
        const perAnswer = (seconds: number) => (1000 * seconds) / Math.max(1, result!.requests);
        const cpuPerAnswer = { server: perAnswer(spent.server), postgres: perAnswer(spent.postgres) };
        const row = { result: result!, cache, connections, load: loadAverage, fallbacks: fallbackReasons(logFile, firstLine), busyAfter, cpuPerAnswer, distinct: list.length };
        rows.push(row);
        printRow(row);
      }
    }
    if (distStamp() !== builds) console.log('\nNOTE: a front-end build changed during the run (shell server.js or storefront manifest): renders may have reloaded.');
  } finally {
    clearInterval(sampler);
    await database.close();
    process.kill(-server.pid!, 'SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  console.log(`server peak RSS (process tree): ${(peakRssKiB / 1024).toFixed(0)} MB`);
  return peakRssKiB;
}

async function main(): Promise<void> {
  console.log(`bench:ssr — load average ${load()} (${os.cpus().length} cores)`);
  const databaseUrl = await ensurePostgresDatabase();
  const paths = await pickPaths();
  console.log(
    `${paths.products.length} product pages, ${paths.categories.length} category pages; popular: ${paths.hotProducts.length} products, ` +
      `${paths.hotCategories.length} categories; each for ${DURATION} s at concurrency ${CONNECTIONS}, then 1; ` +
      `SSR_BUDGET_MS ${BUDGET ?? 'default (300)'}`,
  );
  await waitForFrontEnds(); // just before `npm start`, which would build a missing one
  const rows: Row[] = [];
  try {
    for (const cache of CACHE_MODES!) await benchServer(databaseUrl, paths, cache, rows);
  } finally {
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
  console.log('\nfallback reasons (server log, per run):');
  for (const row of rows) {
    const reasons = [...row.fallbacks].map(([reason, count]) => `${count}× ${reason}`).join('; ');
    console.log(`  ${row.cache ? 'cache' : 'no cache'} ${row.result.name} c${row.connections}: ${reasons || 'none'}`);
  }
  console.log(
    '\nsummary: p50 / p95 ms (all answers; server-rendered ones alone), req/s, server-rendered share, ' +
      'CPU ms per answer (server + PostgreSQL), render-cache hit ratio',
  );
  for (const row of rows) {
    const { result } = row;
    console.log(
      `  ${`${row.cache ? 'cache   ' : 'no cache'} ${result.name} c${row.connections}`.padEnd(48)} ` +
        `${result.p50.toFixed(0).padStart(5)} / ${result.p95.toFixed(0).padStart(5)}  ` +
        `(${(result.markedP50 ?? 0).toFixed(0).padStart(4)} / ${(result.markedP95 ?? 0).toFixed(0).padStart(4)})  ${result.perSecond.toFixed(1).padStart(7)}  ` +
        `${percent(result.marked ?? 0, result.requests).padStart(6)}  ${cpuText(row.cpuPerAnswer).padStart(15)}  ${row.cache ? hitRatio(result) : '-'}`,
    );
  }
  console.log(`load average at the end: ${load()}`);
}

const percent = (part: number, whole: number) => `${whole ? ((100 * part) / whole).toFixed(1) : '0'} %`;

/** Hits among the answers, from `x-render-cache`. */
function hitRatio(result: CallResult): string {
  const values = result.headerValues ?? {};
  return `${percent(values.hit ?? 0, result.requests)} (hit ${values.hit ?? 0}, miss ${values.miss ?? 0}, none ${values.none ?? 0})`;
}

function printRow({ result, cache, connections, load: loadAverage, busyAfter, cpuPerAnswer, distinct }: Row): void {
  const statuses = Object.entries(result.statuses).map(([status, count]) => `${status}×${count}`).join(' ');
  const rendered = result.marked ?? 0;
  const fallback = result.requests - rendered;
  console.log(
    `${`${result.name} c${connections}`.padEnd(34)} p50 ${result.p50.toFixed(0).padStart(5)} ms  p95 ${result.p95.toFixed(0).padStart(5)} ms  ` +
      `p99 ${result.p99.toFixed(0).padStart(5)} ms  ${result.perSecond.toFixed(1).padStart(6)} req/s  ` +
      `server-rendered ${rendered}/${result.requests} (${percent(rendered, result.requests)}; p50 ${(result.markedP50 ?? 0).toFixed(0)} ms, p95 ${(result.markedP95 ?? 0).toFixed(0)} ms), fallback ${fallback}  ` +
      `${cache ? `cache hits ${hitRatio(result)}  ` : ''}` +
      `[${statuses}${result.errors ? ` errors ${result.errors}` : ''}${result.timeouts ? ` timeouts ${result.timeouts}` : ''}]  ` +
      `CPU per answer ${cpuText(cpuPerAnswer)}  server busy ${busyAfter.toFixed(0)} s after the run  load ${loadAverage}` +
      // A page asked again meets the API's caches warm: a run meant to ask each page once says when it did not.
      `${result.sent > distinct ? `  ${result.sent - distinct} REPEATED URLS (${distinct} distinct)` : ''}`,
  );
}

const cpuText = ({ server, postgres }: Row['cpuPerAnswer']) => `${server.toFixed(1)} + ${postgres.toFixed(1)} ms`;

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
