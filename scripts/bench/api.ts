/**
 * Public API benchmark (docs/benchmarks.md "API"): seeds the large demo catalogue once per
 * database (100,000 products, about a million offers), starts the API in a process of its own
 * (`npm start -- --api-only`), drives each of the storefront's calls for a fixed time at a fixed
 * concurrency from another process (scripts/bench/load-generator.ts, autocannon), and prints
 * p50, p95 and requests per second for each beside `/api/health` measured in the same run (the
 * floor: what the HTTP stack alone costs), plus EXPLAIN ANALYZE of the slowest call's list query.
 *
 *   npm run bench:api                       # PGlite and PostgreSQL
 *   npm run bench:api -- --db postgres      # one of them (pglite | postgres)
 *   npm run bench:api -- --duration 5 --scale 20000
 *
 * PGlite keeps its data in data/bench-pglite; PostgreSQL uses the database koopjesland_bench
 * on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432). Both are
 * seeded only when empty (--reseed forces it).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { formatSpecFilters, type SpecFilter } from '@koopjesland/shared/entities';
import { REPO_ROOT } from '../../api/src/config';
import type { DatabaseHandle } from '../../api/src/db/client';
import { parseScale } from '../../api/src/demo/seed';
import { listQueries, type ProductListOptions } from '../../api/src/features/products/product-list';
import { ensurePostgresDatabase, openBenchDatabase, PGLITE_DATA_DIR, seedOnce } from './bench-database';
import { runLoadPlan } from './bench-process';
import type { LoadPlan } from './load-generator';
import { benchOption, hasFlag } from './cli';

/** Seconds each call is driven for. */
const DURATION = Number(benchOption('duration') ?? 10);
const CONCURRENCY = Number(benchOption('concurrency') ?? 16);
const RESEED = hasFlag('reseed');
const targets = (benchOption('db') ?? 'pglite,postgres').split(',');
const scale = parseScale(benchOption('scale') ?? 'large');

interface Scenario {
  name: string;
  url: () => string;
  /** The list query behind the call, for EXPLAIN ANALYZE. */
  explain?: ProductListOptions;
  /** Distinct paths the load generator cycles through (more than it can send: every request a new URL). */
  paths?: number;
}

/** More requests than any call gets through in a run, so an "uncached" call never repeats a URL. */
const NEVER_REPEATED = 60_000;

async function scenarios(database: DatabaseHandle): Promise<Scenario[]> {
  const q = database.query;
  // The leaf category with the most products, and a brand present in it.
  const [big] = await q<{ id: number; slug: string }>(
    `select c.id, c.slug from categories c join product_categories pc on pc.category_id = c.id
     group by c.id order by count(*) desc limit 1`,
  );
  const [brand] = await q<{ brand: string }>(
    `select p.brand from products p join product_categories pc on pc.product_id = p.id
     where pc.category_id = $1 and p.brand is not null group by p.brand order by count(*) desc limit 1`,
    [big!.id],
  );
  const [range] = await q<{ lo: number; hi: number }>(
    'select min(id)::int as lo, max(id)::int as hi from products',
  );
  const randomId = () => range!.lo + Math.floor(Math.random() * (range!.hi - range!.lo + 1));
  // Distinct search terms (type words, brand + type, one-letter typos), so every request of the
  // "varied" scenario misses the search cache and pays for ranking its matches.
  const pairs = await q<{ brand: string; word: string }>(
    `select distinct p.brand, split_part(p.name, ' ', 2) as word from products p where p.brand is not null`,
  );
  const words = [...new Set(pairs.map((pair) => pair.word.toLowerCase()).filter((word) => /^[a-z]{5,}$/.test(word)))];
  const typos = words.flatMap((word) => Array.from({ length: word.length - 3 }, (_, i) => word.slice(0, i + 2) + word.slice(i + 3)));
  const variedTerms = [...words, ...pairs.map((pair) => `${pair.brand} ${pair.word}`), ...typos];
  let termIndex = 0;
  const filters = `brand=${encodeURIComponent(brand!.brand)}&minPrice=10000&maxPrice=200000&sortBy=lowestPrice.total&sortOrder=asc`;
  const page = (n: number) => 1 + (n % 5);
  let counter = 0;
  return [
    {
      name: `GET /categories/page/${big!.slug}`,
      url: () => `/api/categories/page/${big!.slug}?page=${page(counter++)}&limit=21`,
      explain: { page: 1, limit: 21, sortBy: 'manual', sortOrder: 'asc', categoryIds: [big!.id], manualCategoryId: big!.id },
    },
    {
      // An unknown parameter makes each URL new: what a page costs when the response cache misses.
      name: `GET /categories/page/${big!.slug} (uncached)`,
      url: () => `/api/categories/page/${big!.slug}?page=${page(counter)}&limit=21&uncached=${counter++}`,
      paths: NEVER_REPEATED,
    },
    {
      name: `GET /categories/page/${big!.slug} + filters`,
      url: () => `/api/categories/page/${big!.slug}?limit=21&${filters}`,
      explain: {
        page: 1, limit: 21, sortBy: 'lowestPrice.total', sortOrder: 'asc', categoryIds: [big!.id],
        brand: brand!.brand, minPrice: 10000, maxPrice: 200000,
      },
    },
    {
      name: 'GET /products?search=wasmachine',
      url: () => `/api/products?search=wasmachine&page=${page(counter++)}&limit=21`,
      explain: { page: 1, limit: 21, sortBy: 'relevance', sortOrder: 'desc', search: 'wasmachine' },
    },
    {
      name: 'GET /products?search=wasmachien (typo)',
      url: () => '/api/products?search=wasmachien&limit=21',
      explain: { page: 1, limit: 21, sortBy: 'relevance', sortOrder: 'desc', search: 'wasmachien' },
    },
    {
      name: `GET /products?search=<${variedTerms.length} varied terms>`,
      url: () => `/api/products?search=${encodeURIComponent(variedTerms[termIndex++ % variedTerms.length]!)}&limit=21`,
    },
    {
      name: 'GET /products?search=<varied terms> (uncached)',
      url: () => `/api/products?search=${encodeURIComponent(variedTerms[termIndex++ % variedTerms.length]!)}&limit=21&uncached=${counter++}`,
      paths: NEVER_REPEATED,
    },
    { name: 'GET /products/{id}', url: () => `/api/products/${randomId()}` },
    {
      name: 'GET /products (top price drops)',
      url: () => '/api/products?limit=10&sortBy=percentageChange&sortOrder=asc&excludeUncategorized=true',
      explain: { page: 1, limit: 10, sortBy: 'percentageChange', sortOrder: 'asc', excludeUncategorized: true },
    },
    {
      name: 'GET /products (popular)',
      url: () => '/api/products?limit=10&sortBy=views&sortOrder=desc',
      explain: { page: 1, limit: 10, sortBy: 'views', sortOrder: 'desc' },
    },
    { name: 'GET /categories/homepage', url: () => '/api/categories/homepage' },
  ];
}

/**
 * Specification filters (three of them and a brand) on the category with the most products that
 * has specification fields: the page and its facets, cached and as a new combination each time
 * (the range's lower end moves by a hundredth per request, so no URL repeats).
 */
async function specificationScenarios(database: DatabaseHandle): Promise<Scenario[]> {
  const q = database.query;
  const [category] = await q<{ id: number; slug: string }>(
    `select c.id, c.slug from categories c join product_categories pc on pc.category_id = c.id
     where (select count(*) from specification_fields f where f.category_id = c.id) >= 3
     group by c.id order by count(*) desc limit 1`,
  );
  if (!category) return [];
  const fields = await q<{ id: number; type: string; options: string[] }>(
    'select id, type, options from specification_fields where category_id = $1 order by position, id limit 3',
    [category.id],
  );
  const [brand] = await q<{ brand: string }>(
    `select p.brand from products p join product_categories pc on pc.product_id = p.id
     where pc.category_id = $1 and p.brand is not null group by p.brand order by count(*) desc limit 1`,
    [category.id],
  );
  const ranges = await q<{ id: number; lo: number; hi: number }>(
    `select field_id as id, min(number_value) as lo, max(number_value) as hi from product_specification_values
     where field_id = any($1::int[]) and number_value is not null group by field_id`,
    [fields.map((field) => field.id)],
  );
  // The two most frequent options of each list field, so the filters keep products to count.
  const common = await q<{ id: number; values: string[] }>(
    `select field_id as id, (array_agg(list_value order by n desc))[1:2] as values from (
       select field_id, list_value, count(*) as n from product_specification_values
       where field_id = any($1::int[]) and list_value is not null group by field_id, list_value) counted
     group by field_id`,
    [fields.map((field) => field.id)],
  );
  const filterOf = (field: { id: number; type: string; options: string[] }, shift: number): SpecFilter => {
    if (field.type === 'number') {
      const range = ranges.find((candidate) => candidate.id === field.id) ?? { lo: 0, hi: 1000 };
      return { fieldId: field.id, kind: 'range', min: Math.round((range.lo + shift) * 100) / 100, max: range.hi };
    }
    return { fieldId: field.id, kind: 'values', values: field.type === 'boolean' ? ['yes'] : (common.find((entry) => entry.id === field.id)?.values ?? field.options) };
  };
  const query = (shift: number) =>
    `spec=${encodeURIComponent(formatSpecFilters(fields.map((field) => filterOf(field, shift))))}&brand=${encodeURIComponent(brand?.brand ?? '')}`;
  let counter = 0;
  const fresh = () => (counter++ % 100_000) / 100_000;
  const label = `${category.slug} + 3 spec filters + brand`;
  return [
    { name: `GET /categories/page/${label}`, url: () => `/api/categories/page/${category.slug}?limit=21&${query(0)}` },
    {
      name: `GET /categories/page/${label} (new combination)`,
      url: () => `/api/categories/page/${category.slug}?limit=21&${query(fresh())}`,
      paths: NEVER_REPEATED,
    },
    { name: `GET /categories/${category.slug}/specification-facets (3 + brand)`, url: () => `/api/categories/${category.slug}/specification-facets?${query(0)}` },
    {
      name: `GET /categories/${category.slug}/specification-facets (new combination)`,
      url: () => `/api/categories/${category.slug}/specification-facets?${query(fresh())}`,
      paths: NEVER_REPEATED,
    },
  ];
}

/** Drives one call from the load generator's own process; answers p50/p95 (ms), req/s and non-2xx answers. */
async function drive(base: string, scenario: Scenario) {
  // Warm up caches and plans before measuring.
  for (let i = 0; i < 20; i++) await fetch(base + scenario.url()).then((r) => r.arrayBuffer());
  const plan: LoadPlan = {
    baseUrl: base,
    durationSeconds: DURATION,
    timeoutSeconds: 30,
    calls: [{ name: scenario.name, method: 'GET', paths: Array.from({ length: scenario.paths ?? 1000 }, () => scenario.url()), connections: CONCURRENCY }],
  };
  const [result] = await runLoadPlan(plan);
  const failures = Object.entries(result!.statuses).reduce((sum, [status, count]) => sum + (status.startsWith('2') ? 0 : count), 0) + result!.errors + result!.timeouts;
  return { p50: result!.p50, p95: result!.p95, rps: result!.perSecond, failures };
}

/** The API in a process of its own, on the bench database, API only. */
async function startApi(target: string, databaseUrl: string | undefined): Promise<{ base: string; stop(): Promise<void> }> {
  const port = Number(process.env.BENCH_API_PORT ?? 8280) + targets.indexOf(target);
  const server = spawn('npm', ['start', '--', '--api-only'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'off',
      FEED_SCHEDULER: 'off',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATA_DIR: path.join(os.tmpdir(), 'koopjesland-bench') } : { DATABASE_URL: '', DATA_DIR: PGLITE_DATA_DIR }),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    stop: async () => {
      process.kill(-server.pid!, 'SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    },
  };
}

async function benchTarget(target: string) {
  console.log(`\n== ${target} ==`);
  const databaseUrl = target === 'postgres' ? await ensurePostgresDatabase() : undefined;
  let database = await openBenchDatabase(target);
  await seedOnce(database, { scale, reseed: RESEED });
  const [counts] = await database.query<{ products: number; offers: number }>(
    'select (select count(*)::int from products) as products, (select count(*)::int from prices where valid_to is null) as offers',
  );
  const calls = [
    { name: 'GET /health (floor)', url: () => '/api/health' },
    ...(await scenarios(database)),
    ...(await specificationScenarios(database)),
  ];
  // PGlite is one process: the API takes the database over while it is driven.
  if (target !== 'postgres') await database.close();
  const api = await startApi(target, databaseUrl);
  console.log(`  ${counts!.products} products, ${counts!.offers} current offers; each call for ${DURATION} s at concurrency ${CONCURRENCY}`);
  const results: { scenario: Scenario; p50: number; p95: number; rps: number; failures: number }[] = [];
  try {
    for (const scenario of calls) {
      const result = await drive(api.base, scenario);
      results.push({ scenario, ...result });
      console.log(
        `  ${scenario.name.padEnd(58)} p50 ${result.p50.toFixed(1).padStart(7)} ms  p95 ${result.p95.toFixed(1).padStart(7)} ms  ${result.rps.toFixed(0).padStart(6)} req/s${result.failures ? `  ${result.failures} FAILED` : ''}`,
      );
    }
  } finally {
    await api.stop();
  }
  if (target !== 'postgres') database = await openBenchDatabase(target);
  const slowest = results.filter((r) => r.scenario.explain).sort((a, b) => b.p95 - a.p95)[0];
  if (slowest?.scenario.explain) {
    const queries = listQueries(slowest.scenario.explain);
    for (const [label, query] of Object.entries(queries)) {
      // A search is served from its ranked ids (cached) and the page's rows by id; other lists by page + count.
      if ((label === 'ranked') !== Boolean(slowest.scenario.explain.search)) continue;
      const plan = (await database.db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as { rows: Record<string, string>[] };
      console.log(`\n  EXPLAIN ANALYZE (${slowest.scenario.name}, ${label} query):`);
      for (const row of plan.rows) console.log(`    ${Object.values(row)[0]}`);
    }
  }
  await database.close();
}

async function main() {
  for (const target of targets) await benchTarget(target.trim());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
