/**
 * Proof under load (issue "Hardening", part 7): `npm start -- --api-only` on PostgreSQL with the
 * 100,000-product catalogue, the storefront's calls plus click-outs at concurrency 64 for 60 s
 * while a feed import runs. The load generator (scripts/bench/load-generator.ts, autocannon) runs
 * in its own process. Prints per call p50/p95/p99 and requests per second, every non-2xx status,
 * errors and timeouts, the import's outcome, the click-outs acknowledged against those stored,
 * and the server's peak RSS (its whole process tree, sampled every 250 ms).
 *
 *   npm run bench:load
 *   npm run bench:load -- --duration 20 --connections 32 --records 50000
 *
 * The catalogue is copied from the database koopjesland_bench (seeded once, by the first of
 * `npm run bench:api -- --db postgres` and this) into koopjesland_load for each run, so runs start
 * alike. BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { parseScale } from '../../api/src/demo/seed';
import type { FeedRun } from '../../shared/src/entities/feed';
import { benchDatabaseUrl, openBenchDatabase, seedOnce } from './bench-database';
import { runLoadPlan, treeRssKiB } from './bench-process';
import type { CallResult, LoadCall, LoadPlan } from './load-generator';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const DURATION_SECONDS = option('duration', 60);
const CONNECTIONS = option('connections', 64);
const RECORDS = option('records', 200_000);
const PORT = option('port', 8290);
const TEMPLATE = 'koopjesland_bench';
const DATABASE = 'koopjesland_load';
const ROOT = path.resolve(__dirname, '..', '..');
const BASE_URL = `http://127.0.0.1:${PORT}`;
const WORK_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'koopjesland-load-'));
const RUN_TAG = crypto.randomBytes(4).toString('hex');

async function onServer<T>(database: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: benchDatabaseUrl(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function copyCatalogue(): Promise<void> {
  // The catalogue bench:api seeds (koopjesland_bench), seeded here when no benchmark has yet.
  const template = await openBenchDatabase('postgres');
  try {
    await seedOnce(template, { scale: parseScale('large') });
  } finally {
    await template.close();
  }
  await onServer('postgres', async (client) => {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    // A copy needs the template to itself; right after seeding, autovacuum or the seeding API's
    // last connection may still be on it for a few seconds.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${DATABASE} template ${TEMPLATE}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== TEMPLATE_IN_USE || attempt >= 30) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  });
}

/** PostgreSQL's object_in_use: another session is connected to the template. */
const TEMPLATE_IN_USE = '55006';

/** EAN-13 of a catalogue product (api/src/demo/seed.ts: '871' + the id in nine digits + check digit). */
function catalogueEan(productId: number): string {
  const body = `871${String(productId).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 1 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

/** A new store's Awin feed offering the first RECORDS catalogue products (matched by EAN). */
async function writeFeed(file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const gzip = zlib.createGzip({ level: 1 });
  const done = new Promise<void>((resolve, reject) => gzip.pipe(fs.createWriteStream(file)).on('finish', () => resolve()).on('error', reject));
  gzip.write('merchant_product_id,product_name,search_price,currency,delivery_cost,ean,aw_deep_link,in_stock\n');
  let chunk = '';
  for (let n = 1; n <= RECORDS; n++) {
    chunk += `L${n},"Artikel ${n}",${(9 + ((n * 7919) % 900) + 0.95).toFixed(2)},EUR,${n % 3 ? '3.95' : '0.00'},${catalogueEan(n)},https://laadtest.example/p/${n},1\n`;
    if (chunk.length > 1 << 20) {
      if (!gzip.write(chunk)) await new Promise((resolve) => gzip.once('drain', resolve));
      chunk = '';
    }
  }
  gzip.end(chunk);
  await done;
}

async function api<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${BASE_URL}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn('npm', ['start', '--', '--api-only'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: benchDatabaseUrl(DATABASE),
      DATA_DIR: WORK_DIR,
      JWT_SECRET: crypto.randomBytes(24).toString('hex'),
      // The load generator stands for visitors behind one load balancer on loopback.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${BASE_URL}/api/ready`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become ready');
}

function createAdmin(email: string, password: string): void {
  const created = spawnSync('npm', ['run', '--silent', 'create-admin', '--', '--email', email], {
    cwd: ROOT,
    input: password,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: benchDatabaseUrl(DATABASE), DATA_DIR: WORK_DIR },
  });
  if (created.status !== 0) throw new Error(`create-admin failed: ${created.stderr}`);
}

interface Sample {
  slugs: string[];
  productIds: number[];
  terms: string[];
  offers: { id: number; productId: number; storeId: number; price: number }[];
}

async function sampleCatalogue(): Promise<Sample> {
  return onServer(DATABASE, async (client) => {
    const slugs = await client.query<{ slug: string }>(
      `select c.slug from categories c where exists (select 1 from product_categories pc where pc.category_id = c.id) order by random() limit 50`,
    );
    const productIds = await client.query<{ id: number }>('select id from products order by random() limit 1000');
    const terms = await client.query<{ term: string }>(
      `select distinct b || ' ' || w as term from (select brand as b, split_part(name, ' ', 2) as w from products
        where brand is not null order by random() limit 400) t where length(w) > 3 limit 200`,
    );
    const offers = await client.query<{ id: number; product_id: number; store_id: number; price: number }>(
      'select id, product_id, store_id, amount as price from prices where valid_to is null order by random() limit 1000',
    );
    return {
      slugs: slugs.rows.map((row) => row.slug),
      productIds: productIds.rows.map((row) => row.id),
      terms: terms.rows.map((row) => row.term),
      offers: offers.rows.map((row) => ({ id: row.id, productId: row.product_id, storeId: row.store_id, price: Number(row.price) })),
    };
  });
}

function plan(sample: Sample): LoadPlan {
  const clickOutConnections = Math.max(1, Math.round(CONNECTIONS / 8));
  const reads: Omit<LoadCall, 'connections'>[] = [
    { name: 'GET /categories/homepage', method: 'GET', paths: ['/api/categories/homepage'] },
    { name: 'GET /categories/page/{slug}', method: 'GET', paths: sample.slugs.map((slug) => `/api/categories/page/${slug}?limit=21`) },
    { name: 'GET /products/{id}', method: 'GET', paths: sample.productIds.map((id) => `/api/products/${id}`) },
    { name: 'GET /products?search=', method: 'GET', paths: sample.terms.map((term) => `/api/products?search=${encodeURIComponent(term)}&limit=21`) },
    { name: 'GET price drops', method: 'GET', paths: ['/api/products?limit=10&sortBy=percentageChange&sortOrder=asc&excludeUncategorized=true'] },
    { name: 'GET popular', method: 'GET', paths: ['/api/products?limit=10&sortBy=views&sortOrder=desc'] },
  ];
  const perRead = Math.floor((CONNECTIONS - clickOutConnections) / reads.length);
  const extra = CONNECTIONS - clickOutConnections - perRead * reads.length;
  const clickOuts = sample.offers.map((offer, index) => ({
    timestamp: new Date().toISOString(),
    user: { isLoggedIn: false },
    product: { id: offer.productId },
    store: { id: offer.storeId },
    pricing: { current: offer.price },
    redirectUrl: `https://winkel.example/p/${offer.productId}?load=${RUN_TAG}&n=${index}`,
    priceId: offer.id,
  }));
  return {
    baseUrl: BASE_URL,
    durationSeconds: DURATION_SECONDS,
    timeoutSeconds: 10,
    calls: [
      ...reads.map((call, index) => ({ ...call, connections: perRead + (index < extra ? 1 : 0) })),
      { name: 'POST /prices/log-redirect', method: 'POST', paths: ['/api/prices/log-redirect'], bodies: clickOuts, connections: clickOutConnections },
    ],
  };
}

async function main(): Promise<void> {
  console.log(`Copying the catalogue (${TEMPLATE} → ${DATABASE}) and writing a ${RECORDS.toLocaleString('en')}-record feed…`);
  await copyCatalogue();
  // In the store's own folder of the feed storage (named by its slug), where its feeds must read.
  await writeFeed(path.join(WORK_DIR, 'feeds', `laadtest-${RUN_TAG}`, 'awin.csv.gz'));
  console.log('Starting `npm start -- --api-only` on PostgreSQL…');
  const server = await startServer();
  let peakRssKiB = treeRssKiB(server.pid!);
  const sampler = setInterval(() => (peakRssKiB = Math.max(peakRssKiB, treeRssKiB(server.pid!))), 250);
  try {
    const admin = { email: `laadtest-${RUN_TAG}@koopjesland.test`, password: crypto.randomBytes(18).toString('base64url') };
    createAdmin(admin.email, admin.password);
    const { token } = await api<{ token: string }>('POST', '/api/auth/login', undefined, admin);
    const store = await api<{ id: number }>('POST', '/api/stores', token, { name: 'Laadtest', slug: `laadtest-${RUN_TAG}`, url: 'https://laadtest.example' });
    const feed = await api<{ id: number }>('POST', `/api/store-feeds/store/${store.id}`, token, {
      name: 'Laadtest Awin',
      importer: 'awin',
      path: `laadtest-${RUN_TAG}/awin.csv.gz`,
      compression: 'gzip',
    });
    const sample = await sampleCatalogue();
    const clickOutsBefore = await countClickOuts();

    const loadStarted = Date.now();
    const run = await api<FeedRun>('POST', `/api/store-feeds/${feed.id}/run`, token);
    console.log(`Import run ${run.id} started; ${CONNECTIONS} connections for ${DURATION_SECONDS} s…`);
    const results = await runLoadPlan(plan(sample));
    const loadEnded = Date.now();
    let finished = await api<FeedRun>('GET', `/api/feed-runs/${run.id}`, token);
    while (['queued', 'running'].includes(finished.status)) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      finished = await api<FeedRun>('GET', `/api/feed-runs/${run.id}`, token);
    }
    const stored = (await countClickOuts()) - clickOutsBefore;
    report(results, finished, stored, { loadStarted, loadEnded }, peakRssKiB);
  } finally {
    clearInterval(sampler);
    process.kill(-server.pid!, 'SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await onServer('postgres', (client) => client.query(`drop database if exists ${DATABASE} with (force)`));
    fs.rmSync(WORK_DIR, { recursive: true, force: true });
  }
}

function countClickOuts(): Promise<number> {
  return onServer(DATABASE, async (client) => {
    const result = await client.query<{ count: string }>(`select count(*) from click_outs where redirect_url like $1`, [`%load=${RUN_TAG}&%`]);
    return Number(result.rows[0]!.count);
  });
}

function report(results: CallResult[], run: FeedRun, storedClickOuts: number, window: { loadStarted: number; loadEnded: number }, peakRssKiB: number): void {
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log(`\n${'call'.padEnd(30)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}${pad('timeouts', 10)}  statuses`);
  for (const result of results) {
    const statuses = Object.entries(result.statuses).map(([status, count]) => `${status}×${count}`).join(' ');
    console.log(
      `${result.name.padEnd(30)}${pad(result.perSecond.toFixed(0), 9)}${pad(result.p50.toFixed(0), 9)}${pad(result.p95.toFixed(0), 9)}${pad(result.p99.toFixed(0), 9)}${pad(result.errors, 8)}${pad(result.timeouts, 10)}  ${statuses}`,
    );
  }
  const non2xx = results.reduce((sum, result) => sum + Object.entries(result.statuses).filter(([status]) => !status.startsWith('2')).reduce((n, [, count]) => n + count, 0), 0);
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  const timeouts = results.reduce((sum, result) => sum + result.timeouts, 0);
  const clickOuts = results.find((result) => result.name.startsWith('POST'));
  const acknowledged = clickOuts?.statuses['202'] ?? 0;
  const sent = clickOuts?.sent ?? 0;
  const started = run.startedAt ? Date.parse(run.startedAt) : NaN;
  const ended = run.finishedAt ? Date.parse(run.finishedAt) : NaN;
  const seconds = (ended - started) / 1000;
  const overlap = Math.max(0, Math.min(ended, window.loadEnded) - Math.max(started, window.loadStarted)) / 1000;
  console.log(`\nnon-2xx answers: ${non2xx}; connection errors: ${errors}; timeouts: ${timeouts}`);
  // Requests still in flight when the run stopped may be stored without their answer being counted.
  const consistent = acknowledged <= storedClickOuts && storedClickOuts <= sent;
  console.log(
    `click-outs sent: ${sent}; acknowledged (202): ${acknowledged}; stored: ${storedClickOuts} ` +
      (consistent ? '(every acknowledged one is stored; none stored that was not sent)' : '(MISMATCH: a click-out was lost)'),
  );
  console.log(
    `import run ${run.id}: ${run.status}${run.failureReason ? ` (${run.failureReason})` : ''}, ${run.recordsRead} records, ` +
      `${run.offersCreated} offers created, ${seconds.toFixed(1)} s (${(run.recordsRead / seconds).toFixed(0)} records/s), ` +
      `${overlap.toFixed(0)} s of it under load`,
  );
  console.log(`server peak RSS (process tree): ${(peakRssKiB / 1024).toFixed(0)} MB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
