/**
 * Public API benchmark (docs/benchmarks.md "API"): seeds the large demo catalogue once per
 * database (100,000 products, about a million offers), starts the API in a process of its own
 * (`npm start -- --api-only`), drives each of the storefront's calls for a fixed time at a fixed
 * concurrency from another process (scripts/bench/load-generator.ts, autocannon), and prints per
 * row p50, p95, requests per second and the ratio of its p95 to the floor (`/api/health`,
 * measured in the same run: what the HTTP stack alone costs), the CPU time per answer of the API's
 * process tree and of PostgreSQL, and on PostgreSQL the statements per answer (transactions
 * committed in the bench database; every statement outside a transaction is one), then EXPLAIN
 * ANALYZE of the slowest listed call's list query.
 *
 * Rows are either cached (the same few URLs again and again: the response cache answers) or
 * uncached (every request a URL the run has not sent before): the product page draws each of the
 * catalogue's products once in random order; the never-seen searches are terms built from the
 * catalogue's words (brand, product type, model), with and without a typo, each sent once and
 * distinct after typo correction too, more of them than the run can send. An uncached row whose
 * URLs run out before the duration ends stops there (a repeat would be a cached answer) and
 * prints how many answers it measured. A row is one entry of ROWS; a group of rows is a function
 * of the catalogue returning several.
 *
 *   npm run bench:api                       # PGlite and PostgreSQL
 *   npm run bench:api -- --db postgres      # one of them (pglite | postgres)
 *   npm run bench:api -- --duration 5 --scale 20000 --port 8350
 *   npm run bench:api -- --db postgres --only product,search   # rows whose name contains one of these
 *   npm run bench:api -- --db postgres --cpu-prof /tmp/prof    # the API writes a .cpuprofile there
 *   npm run bench:api -- --db postgres --api-root ../before   # another checkout's API, same data and load
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
import { benchBackends, ensurePostgresDatabase, openBenchDatabase, PGLITE_DATA_DIR, seedOnce } from './bench-database';
import { cpuSecondsBetween, onlyPostgres, readCpu, runLoadPlan, type CpuReading } from './bench-process';
import type { LoadPlan } from './load-generator';
import { benchOption, hasFlag } from './cli';
import { seeded, shuffle } from './seeded-random';

/** Seconds each call is driven for. */
const DURATION = Number(benchOption('duration') ?? 10);
const CONCURRENCY = Number(benchOption('concurrency') ?? 16);
const RESEED = hasFlag('reseed');
const PORT = Number(benchOption('port') ?? 8280);
/** `--api-root <checkout>`: drive another checkout's API (a before/after on the same data and load). */
const API_ROOT = path.resolve(benchOption('api-root') ?? REPO_ROOT);
const CPU_PROF_DIR = benchOption('cpu-prof');
const ONLY = benchOption('only')?.split(',').map((part) => part.trim().toLowerCase());
const targets = (benchOption('db') ?? 'pglite,postgres').split(',');
const scale = parseScale(benchOption('scale') ?? 'large');

/**
 * floor: `/api/health`; cached: a few URLs asked again and again (the response cache answers);
 * uncached: every request a URL not sent before in the run.
 */
type Kind = 'floor' | 'cached' | 'uncached';

interface Row {
  kind: Kind;
  name: string;
  /** The next request's path. */
  url: () => string;
  /** Distinct paths the load generator cycles through (uncached rows: more than the run can send). */
  paths?: number;
  /** The list query behind the call, for EXPLAIN ANALYZE. */
  explain?: ProductListOptions;
}

/** What the rows are built from, read from the bench database once. */
interface BenchCatalogue {
  /** The leaf category with the most products, and the brand most present in it. */
  big: { id: number; slug: string };
  brand: string;
  /** Every product's id, shuffled. */
  productIds: number[];
  /** Every category with products, with its product count. */
  categories: { slug: string; products: number }[];
  /** Search terms never repeated, shuffled (see neverSeenSearchTerms). */
  searchTerms: string[];
  /** The category with specification filters to drive, if the catalogue has one (see specificationFilters). */
  specification: { slug: string; cached: string; combinations: string[] } | null;
}

/** More requests than any call gets through in a run, so an "uncached" call never repeats a URL. */
const NEVER_REPEATED = 60_000;


/** One typo of a kind search forgives (a letter dropped, replaced, inserted, two neighbours swapped). */
function withTypo(word: string, random: () => number): string {
  const i = Math.floor(random() * (word.length - 1));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)]!;
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + (letter === word[i] ? 'q' : letter) + word.slice(i + 1);
    default:
      return word.slice(0, i) + letter + word.slice(i);
  }
}

/**
 * Terms a visitor could type, each used once: "<brand> <type>", "<type> <brand>", "<type>
 * <model>", "<brand> <model>" and "<brand> <type> <model>" of real products, each either as
 * written or with one typo in a word of five letters or more. What a term means after typo
 * correction is distinct too (a term and its typo never both appear), so neither the response
 * cache nor the ranked-search cache can answer any of them.
 */
function neverSeenSearchTerms(products: { brand: string; noun: string; model: string }[], random: () => number): string[] {
  const meanings = new Set<string>();
  const terms: string[] = [];
  const typed = (words: string[]) => {
    const meaning = words.join(' ').toLowerCase();
    if (meanings.has(meaning)) return;
    meanings.add(meaning);
    const long = words.map((word, index) => [word, index] as const).filter(([word]) => /^\p{L}{5,}$/u.test(word));
    if (long.length && random() < 0.5) {
      const [word, index] = long[Math.floor(random() * long.length)]!;
      words = words.map((w, i) => (i === index ? withTypo(word.toLowerCase(), random) : w.toLowerCase()));
    }
    terms.push(words.join(' ').toLowerCase());
  };
  for (const { brand, noun, model } of products) {
    typed([brand, noun]);
    typed([noun, brand]);
    typed([noun, model]);
    typed([brand, model]);
    typed([brand, noun, model]);
  }
  return shuffle(terms, random);
}

async function readCatalogue(database: DatabaseHandle): Promise<BenchCatalogue> {
  const q = database.query;
  const random = seeded(2026);
  const [big] = await q<{ id: number; slug: string }>(
    `select c.id, c.slug from categories c join product_categories pc on pc.category_id = c.id
     group by c.id order by count(*) desc limit 1`,
  );
  const [brand] = await q<{ brand: string }>(
    `select p.brand from products p join product_categories pc on pc.product_id = p.id
     where pc.category_id = $1 and p.brand is not null group by p.brand order by count(*) desc limit 1`,
    [big!.id],
  );
  const categories = await q<{ slug: string; products: number }>(
    `select c.slug, count(*)::int as products from categories c join product_categories pc on pc.category_id = c.id
     group by c.slug order by c.slug`,
  );
  // Demo names are "<brand> <type…> <model>"; the type is what lies between brand and model.
  const named = await q<{ id: number; brand: string; name: string }>('select id, brand, name from products where brand is not null order by id');
  const products = named.flatMap(({ brand: productBrand, name }) => {
    const rest = name.slice(productBrand.length).trim().split(' ');
    const model = rest.pop();
    return model && rest.length ? [{ brand: productBrand, noun: rest.join(' '), model }] : [];
  });
  const ids = await q<{ id: number }>('select id from products order by id');
  return {
    big: big!,
    brand: brand!.brand,
    productIds: shuffle(
      ids.map((row) => row.id),
      random,
    ),
    categories,
    searchTerms: neverSeenSearchTerms(shuffle(products, random), random),
    specification: await specificationFilters(database),
  };
}

/**
 * Three specification filters and a brand on the category with the most products that has three
 * fields. The cached rows ask one combination: a number field's whole range, the two most frequent
 * options of a list field, "yes" of a yes/no field. The uncached rows ask every combination a
 * visitor can click, each once: a range between two of the values present (or open at one end),
 * any non-empty set of the options present, yes, no or both, and each brand; distinct filters,
 * not the same filter written differently, so no cache keyed on the address or on the filters'
 * meaning can answer one from another.
 */
async function specificationFilters(database: DatabaseHandle): Promise<BenchCatalogue['specification']> {
  const q = database.query;
  const [category] = await q<{ id: number; slug: string }>(
    `select c.id, c.slug from categories c join product_categories pc on pc.category_id = c.id
     where (select count(*) from specification_fields f where f.category_id = c.id) >= 3
     group by c.id order by count(*) desc limit 1`,
  );
  if (!category) return null;
  const fields = await q<{ id: number; type: string; options: string[] }>(
    'select id, type, options from specification_fields where category_id = $1 order by position, id limit 3',
    [category.id],
  );
  const brands = await q<{ brand: string }>(
    `select p.brand from products p join product_categories pc on pc.product_id = p.id
     where pc.category_id = $1 and p.brand is not null group by p.brand order by count(*) desc, p.brand limit 10`,
    [category.id],
  );
  const ids = fields.map((field) => field.id);
  // Per field the values its products have, most frequent first (a number field: at most 8 of them, in order).
  const present = await q<{ id: number; values: (string | number)[] }>(
    `select field_id as id, array_agg(value order by n desc, value) as values from (
       select field_id, coalesce(list_value, number_value::text) as value, count(*) as n from product_specification_values
       where field_id = any($1::int[]) and (list_value is not null or number_value is not null) group by 1, 2) counted
     group by field_id`,
    [ids],
  );
  const presentOf = (fieldId: number) => present.find((entry) => entry.id === fieldId)?.values.map(String) ?? [];
  const rangeOf = (fieldId: number) => {
    const values = presentOf(fieldId)
      .map(Number)
      .sort((a, b) => a - b);
    return values.length ? { lo: values[0]!, hi: values.at(-1)! } : { lo: 0, hi: 1000 };
  };
  const cachedFilter = (field: { id: number; type: string; options: string[] }): SpecFilter => {
    if (field.type === 'number')
      return { fieldId: field.id, kind: 'range', min: rangeOf(field.id).lo, max: rangeOf(field.id).hi };
    if (field.type === 'boolean') return { fieldId: field.id, kind: 'values', values: ['yes'] };
    const values = presentOf(field.id).slice(0, 2);
    return { fieldId: field.id, kind: 'values', values: values.length ? values : field.options };
  };
  /** Every filter a visitor can set on one field. */
  const choicesOf = (field: { id: number; type: string; options: string[] }): SpecFilter[] => {
    if (field.type === 'number') {
      const all = [...new Set(presentOf(field.id).map(Number))].sort((a, b) => a - b);
      const values =
        all.length > 8 ? Array.from({ length: 8 }, (_, i) => all[Math.round((i * (all.length - 1)) / 7)]!) : all;
      const ends = [undefined, ...values];
      return ends.flatMap((min) =>
        ends.flatMap((max): SpecFilter[] =>
          (min === undefined && max === undefined) || (min !== undefined && max !== undefined && min > max)
            ? []
            : [{ fieldId: field.id, kind: 'range', min, max }],
        ),
      );
    }
    const options = field.type === 'boolean' ? ['yes', 'no'] : presentOf(field.id).slice(0, 6);
    return Array.from({ length: 2 ** options.length - 1 }, (_, bits) => ({
      fieldId: field.id,
      kind: 'values' as const,
      values: options.filter((_option, index) => ((bits + 1) >> index) & 1),
    }));
  };
  const brandNames = brands.map((row) => row.brand);
  const choices = fields.map(choicesOf);
  const address = (filters: SpecFilter[], brand: string) =>
    `spec=${encodeURIComponent(formatSpecFilters(filters))}${brand ? `&brand=${encodeURIComponent(brand)}` : ''}`;
  // Every combination once (mixed radix over the fields' choices and the brands), in a seeded random order.
  const combinations: string[] = [];
  const total = choices.reduce((product, list) => product * list.length, Math.max(1, brandNames.length));
  for (let n = 0; n < total; n++) {
    let rest = n;
    const filters = choices.map((list) => {
      const filter = list[rest % list.length]!;
      rest = Math.floor(rest / list.length);
      return filter;
    });
    combinations.push(address(filters, brandNames[rest] ?? ''));
  }
  return {
    slug: category.slug,
    cached: address(fields.map(cachedFilter), brandNames[0] ?? ''),
    combinations: shuffle(combinations, seeded(31)),
  };
}

/** Cycles through `items` from the start. */
function cycle<T>(items: readonly T[]): () => T {
  let index = 0;
  return () => items[index++ % items.length]!;
}

const page = (n: number) => 1 + (n % 5);
const CATEGORY_SORTS = ['', '&sortBy=lowestPrice.total&sortOrder=asc', '&sortBy=views&sortOrder=desc', '&sortBy=name&sortOrder=asc'];

/** The catalogue's rows: one entry per row (or a group of rows), in the order they are driven. */
const ROWS: ((catalogue: BenchCatalogue) => Row | Row[])[] = [
  ({ big }) => {
    let n = 0;
    return {
      kind: 'cached',
      name: `category page ${big.slug}, pages 1–5`,
      url: () => `/api/categories/page/${big.slug}?page=${page(n++)}&limit=21`,
      explain: { page: 1, limit: 21, sortBy: 'manual', sortOrder: 'asc', categoryIds: [big.id], manualCategoryId: big.id },
    };
  },
  ({ big, brand }) => ({
    kind: 'cached',
    name: `category page ${big.slug} + brand, price range, price sort`,
    url: () =>
      `/api/categories/page/${big.slug}?limit=21&brand=${encodeURIComponent(brand)}&minPrice=10000&maxPrice=200000&sortBy=lowestPrice.total&sortOrder=asc`,
    explain: {
      page: 1, limit: 21, sortBy: 'lowestPrice.total', sortOrder: 'asc', categoryIds: [big.id], manualCategoryId: big.id,
      brand, minPrice: 10000, maxPrice: 200000,
    },
  }),
  () => {
    let n = 0;
    return {
      kind: 'cached',
      name: 'search "wasmachine", pages 1–5',
      url: () => `/api/products?search=wasmachine&page=${page(n++)}&limit=21`,
      explain: { page: 1, limit: 21, sortBy: 'relevance', sortOrder: 'desc', search: 'wasmachine' },
    };
  },
  () => ({
    kind: 'cached',
    name: 'search "wasmachien" (typo)',
    url: () => '/api/products?search=wasmachien&limit=21',
    explain: { page: 1, limit: 21, sortBy: 'relevance', sortOrder: 'desc', search: 'wasmachine' },
  }),
  () => ({
    kind: 'cached',
    name: 'top price drops',
    url: () => '/api/products?limit=10&sortBy=percentageChange&sortOrder=asc&excludeUncategorized=true',
    explain: { page: 1, limit: 10, sortBy: 'percentageChange', sortOrder: 'asc', excludeUncategorized: true },
  }),
  () => ({
    kind: 'cached',
    name: 'popular',
    url: () => '/api/products?limit=10&sortBy=views&sortOrder=desc',
    explain: { page: 1, limit: 10, sortBy: 'views', sortOrder: 'desc' },
  }),
  () => ({ kind: 'cached', name: 'homepage cards', url: () => '/api/categories/homepage' }),
  ({ big }) => {
    // An unknown parameter makes each URL new: what a page costs when the response cache misses.
    let n = 0;
    return {
      kind: 'uncached',
      name: `category page ${big.slug}, pages 1–5`,
      url: () => `/api/categories/page/${big.slug}?page=${page(n)}&limit=21&uncached=${n++}`,
      paths: NEVER_REPEATED,
    };
  },
  ({ categories }) => {
    // Every category with products, pages 1–5 (as far as it has them) and four sorts.
    const urls = categories.flatMap(({ slug, products }) =>
      Array.from({ length: Math.min(5, Math.ceil(products / 21)) }, (_, index) => index + 1).flatMap((pageNumber) =>
        CATEGORY_SORTS.map((sort) => `/api/categories/page/${slug}?page=${pageNumber}&limit=21${sort}`),
      ),
    );
    const next = cycle(shuffle(urls, seeded(7)));
    let n = 0;
    return {
      kind: 'uncached',
      name: `category page, ${categories.length} categories × pages × sorts`,
      url: () => `${next()}&uncached=${n++}`,
      paths: NEVER_REPEATED,
    };
  },
  ({ productIds }) => {
    const next = cycle(productIds);
    return {
      kind: 'uncached',
      name: `product page, each of ${productIds.length} products once`,
      url: () => `/api/products/${next()}`,
      paths: productIds.length,
    };
  },
  ({ searchTerms }) => {
    const next = cycle(searchTerms);
    return {
      kind: 'uncached',
      name: `never-seen search (${searchTerms.length} terms, half with a typo)`,
      url: () => `/api/products?search=${encodeURIComponent(next())}&limit=21`,
      paths: searchTerms.length,
    };
  },
  ({ specification }) => {
    if (!specification) return [];
    const { slug, cached, combinations } = specification;
    const label = `${slug} + 3 specification filters + brand`;
    // Each uncached row walks the combinations from the first (the page and the facets are different
    // addresses); once they run out the row repeats URLs and says so.
    const fresh = () => cycle(combinations);
    const nextPage = fresh();
    const nextFacets = fresh();
    return [
      { kind: 'cached', name: `category page ${label}`, url: () => `/api/categories/page/${slug}?limit=21&${cached}` },
      {
        kind: 'cached',
        name: `specification facets ${label}`,
        url: () => `/api/categories/${slug}/specification-facets?${cached}`,
      },
      {
        kind: 'uncached',
        name: `category page ${label}, a new combination each (${combinations.length})`,
        url: () => `/api/categories/page/${slug}?limit=21&${nextPage()}`,
        paths: combinations.length,
      },
      {
        kind: 'uncached',
        name: `specification facets ${label}, a new combination each (${combinations.length})`,
        url: () => `/api/categories/${slug}/specification-facets?${nextFacets()}`,
        paths: combinations.length,
      },
    ];
  },
];

interface Result {
  row: Row;
  p50: number;
  p95: number;
  rps: number;
  failures: number;
  /** Requests sent beyond the row's distinct paths (an uncached row must have none). */
  repeated: number;
  /** Answers measured. */
  answers: number;
  cpuMsPerAnswer: { api: number; postgres: number };
  /** PostgreSQL: statements (transactions) per answer. */
  statementsPerAnswer?: number;
}

/** Transactions committed or rolled back in the bench database so far (the statistics lag up to a second). */
async function transactionsSoFar(database: DatabaseHandle | undefined): Promise<number | undefined> {
  if (!database) return undefined;
  const [row] = await database.query<{ n: string }>(
    'select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = current_database()',
  );
  return Number(row!.n);
}


/** Requests each row sends before it is measured. */
const WARM_UP = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drives one row from the load generator's own process. */
async function drive(api: { base: string; pid: number }, row: Row, database: DatabaseHandle | undefined): Promise<Result> {
  // Warm up connections and plans before measuring (uncached rows use URLs of their own for it,
  // taken from their distinct paths).
  for (let i = 0; i < WARM_UP; i++) await fetch(api.base + row.url()).then((r) => r.arrayBuffer());
  const distinct = row.kind === 'uncached' && row.paths !== undefined ? row.paths - WARM_UP : (row.paths ?? 1000);
  const plan: LoadPlan = {
    baseUrl: api.base,
    durationSeconds: DURATION,
    timeoutSeconds: 30,
    calls: [
      {
        name: row.name,
        method: 'GET',
        paths: Array.from({ length: distinct }, () => row.url()),
        connections: CONCURRENCY,
        // An uncached row ends when its distinct paths are all sent: a repeat would be a cached answer.
        ...(row.kind === 'uncached' ? { maxRequests: distinct } : {}),
      },
    ],
  };
  await sleep(1_000);
  const [transactionsBefore, backendsBefore, cpuBefore] = [await transactionsSoFar(database), database && (await benchBackends(database)), readCpu(api.pid)];
  const [result] = await runLoadPlan(plan);
  const cpuAfter = readCpu(api.pid);
  const backends = new Set([...(backendsBefore ?? []), ...((database && (await benchBackends(database))) ?? [])]);
  await sleep(1_500); // backends report their statistics at most once a second
  const transactionsAfter = await transactionsSoFar(database);
  const answers = Math.max(1, result!.requests);
  // PostgreSQL serves other databases too: only the bench database's backends count.
  const onlyBench = (reading: CpuReading): CpuReading => (database ? onlyPostgres(reading, backends) : reading);
  const cpu = cpuSecondsBetween(onlyBench(cpuBefore), onlyBench(cpuAfter));
  const failures = Object.entries(result!.statuses).reduce((sum, [status, count]) => sum + (status.startsWith('2') ? 0 : count), 0) + result!.errors + result!.timeouts;
  return {
    row,
    p50: result!.p50,
    p95: result!.p95,
    rps: result!.perSecond,
    failures,
    repeated: row.kind === 'uncached' ? Math.max(0, result!.sent - distinct) : 0,
    answers,
    cpuMsPerAnswer: { api: (cpu.server * 1000) / answers, postgres: (cpu.postgres * 1000) / answers },
    // Less the 2 reads of the statistics themselves.
    statementsPerAnswer:
      transactionsBefore === undefined || transactionsAfter === undefined ? undefined : (transactionsAfter - transactionsBefore - 2) / answers,
  };
}

function printResult(result: Result, floorP95: number) {
  const { row } = result;
  const cells = [
    `${`[${row.kind}]`.padEnd(10)} ${row.name.padEnd(62)}`,
    `p50 ${result.p50.toFixed(1).padStart(7)} ms`,
    `p95 ${result.p95.toFixed(1).padStart(7)} ms`,
    `${result.rps.toFixed(0).padStart(6)} req/s`,
    `p95/floor ${(result.p95 / floorP95).toFixed(1).padStart(6)}`,
    `CPU/answer api ${result.cpuMsPerAnswer.api.toFixed(2).padStart(6)} ms${result.statementsPerAnswer === undefined ? '' : ` pg ${result.cpuMsPerAnswer.postgres.toFixed(2).padStart(6)} ms`}`,
    ...(result.statementsPerAnswer === undefined ? [] : [`statements/answer ${result.statementsPerAnswer.toFixed(1).padStart(5)}`]),
  ];
  const ranOut = row.kind === 'uncached' && row.paths !== undefined && result.answers >= row.paths - WARM_UP;
  console.log(`  ${cells.join('  ')}${ranOut ? `  all ${result.answers} URLs sent` : ''}${result.failures ? `  ${result.failures} FAILED` : ''}${result.repeated ? `  ${result.repeated} REPEATED URLS` : ''}`);
}

/** The API in a process of its own, on the bench database, API only. */
async function startApi(target: string, databaseUrl: string | undefined): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const port = PORT + targets.indexOf(target);
  // Node 20 refuses --cpu-prof in NODE_OPTIONS: profile by starting what `npm start` runs with node's own flags.
  const [command, args] = CPU_PROF_DIR
    ? ['node', ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`, '--import', 'tsx', 'scripts/start.ts', '--api-only']]
    : ['npm', ['start', '--', '--api-only']];
  const server = spawn(command, args, {
    cwd: API_ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'off',
      FEED_SCHEDULER: 'off',
      // No background work in the API's process: the image copier's catching up on a seeded
      // catalogue's images would be counted as the answers' CPU and compete with them.
      WORKER: 'off',
      IMAGE_COPIES: 'off',
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
    await sleep(250);
  }
  return {
    base,
    pid: server.pid!,
    stop: async () => {
      // SIGINT, as a terminal would: the profiler writes its file on the way out.
      process.kill(-server.pid!, CPU_PROF_DIR ? 'SIGINT' : 'SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    },
  };
}

async function benchTarget(target: string) {
  console.log(`\n== ${target} ==`);
  const databaseUrl = target === 'postgres' ? await ensurePostgresDatabase() : undefined;
  let database = await openBenchDatabase(target);
  await seedOnce(database, { scale, reseed: RESEED });
  // Each product row counts 10,000s of views (updates of products): without autovacuum (a server
  // may run with it off) the next run would read around their dead rows. Every run starts vacuumed.
  await database.query('vacuum analyze');
  const [counts] = await database.query<{ products: number; offers: number }>(
    'select (select count(*)::int from products) as products, (select count(*)::int from prices where valid_to is null) as offers',
  );
  const catalogue = await readCatalogue(database);
  const floor: Row = { kind: 'floor', name: 'GET /api/health', url: () => '/api/health' };
  const rows = ROWS.flatMap((row) => row(catalogue)).filter((row) => !ONLY || ONLY.some((part) => row.name.toLowerCase().includes(part)));
  // PGlite is one process: the API takes the database over while it is driven.
  if (target !== 'postgres') await database.close();
  const api = await startApi(target, databaseUrl);
  console.log(`  ${counts!.products} products, ${counts!.offers} current offers; each row for ${DURATION} s at concurrency ${CONCURRENCY}`);
  console.log(`  load average at the start: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
  const results: Result[] = [];
  try {
    const measuredFloor = await drive(api, floor, target === 'postgres' ? database : undefined);
    printResult(measuredFloor, measuredFloor.p95);
    // Cached rows first, then uncached: each group printed under its name.
    for (const kind of ['cached', 'uncached'] as const) {
      console.log(`  -- ${kind === 'cached' ? 'cached (the same URLs again: the response cache answers)' : 'uncached (every request a URL not sent before in this run)'}`);
      for (const row of rows.filter((candidate) => candidate.kind === kind)) {
        const result = await drive(api, row, target === 'postgres' ? database : undefined);
        results.push(result);
        printResult(result, measuredFloor.p95);
      }
    }
  } finally {
    await api.stop();
  }
  console.log(`  load average at the end: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  if (target !== 'postgres') database = await openBenchDatabase(target);
  const slowest = results.filter((r) => r.row.explain).sort((a, b) => b.p95 - a.p95)[0];
  if (slowest?.row.explain) {
    const queries = listQueries(slowest.row.explain);
    for (const [label, query] of Object.entries(queries)) {
      // A search is served from its ranked ids (cached) and the page's rows by id; other lists by page + count.
      if ((label === 'ranked') !== Boolean(slowest.row.explain.search)) continue;
      const plan = (await database.db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as { rows: Record<string, string>[] };
      console.log(`\n  EXPLAIN ANALYZE (${slowest.row.name}, ${label} query):`);
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
