/**
 * Crashes (issue "Hardening", part 7): the API is killed with SIGKILL in the middle of a feed
 * import and in the middle of a burst of click-outs, then started again on the same PostgreSQL
 * database, and the data must be as if each interrupted thing either happened completely or not
 * at all: the store's offers are all the last good run's or all the new run's (never a mix), no
 * product has two current offers from one store, and every click-out the API acknowledged (202)
 * is stored.
 *
 * The API runs from source in a child process (`node --import tsx api/src/server.ts`, API only) on
 * a database of its own (E2E_POSTGRES_URL's server, dropped after).
 *
 * Run: `E2E_PORT=8233 npx jest -c e2e/jest.config.js e2e/tests/fault-tolerance.e2e.ts`
 * (the API listens on E2E_PORT + 2).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { dropDatabase, freshDatabase, onPostgres } from '../support/postgres';
import { E2E_PORT } from '../support/server';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const DATA_DIR = path.join(os.tmpdir(), `koopjesland-fault-data-${E2E_PORT}`);
const DATABASE = `koopjesland_fault_${E2E_PORT}`;
const PORT = E2E_PORT + 2;
/** Large enough that the apply step takes a while on a shared machine. */
const RECORDS = 40_000;
const ADMIN = { email: 'storing@koopjesland.test', password: crypto.randomBytes(18).toString('base64url') };
const FEED_FILE = path.join(DATA_DIR, 'feeds', 'storingsproef', 'awin.csv');

let env: NodeJS.ProcessEnv;
let api: ApiProcess;
let token: string;
let storeId: number;
let feedId: number;

const start = () =>
  startApiProcess({ command: [process.execPath, '--import', 'tsx', 'api/src/server.ts'], cwd: REPO_ROOT, env, port: PORT });

async function call<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${api.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** An Awin feed offering RECORDS products; `cents` gives each record's price. */
function writeFeed(cents: (n: number) => number): void {
  fs.mkdirSync(path.dirname(FEED_FILE), { recursive: true });
  const lines = ['merchant_product_id,product_name,brand_name,search_price,currency,delivery_cost,ean,aw_deep_link,in_stock'];
  for (let n = 1; n <= RECORDS; n++) {
    const body = `20${String(n).padStart(10, '0')}`;
    const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 1 ? 3 : 1), 0);
    lines.push(`S${n},"Storingsproef ${n}",Proefmerk,${(cents(n) / 100).toFixed(2)},EUR,0.00,${body}${(10 - (sum % 10)) % 10},https://storing.example/p/${n},1`);
  }
  fs.writeFileSync(FEED_FILE, `${lines.join('\n')}\n`);
}
const FIRST_PRICE = (n: number) => 1000 + n;
const SECOND_PRICE = (n: number) => 2000 + n;

interface Run {
  id: number;
  status: string;
  phase: string | null;
  recordsRead: number;
}

async function runToEnd(): Promise<Run> {
  const started = await call<Run>('POST', `/api/store-feeds/${feedId}/run`);
  expect(started.status).toBe(202);
  for (;;) {
    const run = (await call<Run>('GET', `/api/feed-runs/${started.body.id}`)).body;
    if (!['queued', 'running'].includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The store's current offers as (the store's product id → price), read straight from the database. */
function currentOffers(): Promise<Map<string, number>> {
  return onPostgres(DATABASE, async (client) => {
    const { rows } = await client.query<{ external_id: string; amount: number }>(
      'select external_id, amount from prices where store_id = $1 and valid_to is null',
      [storeId],
    );
    return new Map(rows.map((row) => [row.external_id, Number(row.amount)]));
  });
}

function duplicateOffers(): Promise<number> {
  return onPostgres(DATABASE, async (client) => {
    const { rows } = await client.query(
      'select product_id, store_id from prices where valid_to is null group by product_id, store_id having count(*) > 1',
    );
    return rows.length;
  });
}

beforeAll(async () => {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  env = {
    DATABASE_URL: await freshDatabase(DATABASE),
    DATA_DIR,
    SERVE_FRONTENDS: 'false',
    SEED_DEMO: 'off',
    JWT_SECRET: 'fault-tolerance-test-secret',
    LOG_LEVEL: 'warn',
    // Click-outs come from many visitors behind one proxy on loopback (each is rate-limited per visitor).
    TRUST_PROXY: '127.0.0.1',
  };
  const created = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/cli/create-admin.ts', '--email', ADMIN.email], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    input: ADMIN.password,
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`create-admin failed: ${created.stderr}`);
  api = await start();
  token = '';
  const login = await call<{ token: string }>('POST', '/api/auth/login', ADMIN);
  token = login.body.token;
  storeId = (await call<{ id: number }>('POST', '/api/stores', { name: 'Storingsproef', slug: 'storingsproef', url: 'https://storing.example' })).body.id;
  feedId = (
    await call<{ id: number }>('POST', `/api/store-feeds/store/${storeId}`, {
      name: 'Storingsproef Awin',
      importer: 'awin',
      path: 'storingsproef/awin.csv',
      allowCreateProducts: true,
    })
  ).body.id;
  writeFeed(FIRST_PRICE);
  expect(await runToEnd()).toMatchObject({ status: 'succeeded' });
}, 300_000);

afterAll(async () => {
  await api?.stop();
  await dropDatabase(DATABASE);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test('a crash during an import leaves the last good run or the new one, never a mix, and no duplicate offers', async () => {
  const before = await currentOffers();
  expect(before.size).toBe(RECORDS);
  writeFeed(SECOND_PRICE);
  const started = await call<Run>('POST', `/api/store-feeds/${feedId}/run`);
  expect(started.status).toBe(202);
  // Kill it once the run is well under way: reading past the middle of the feed, or applying.
  let seen: Run | undefined;
  for (let attempt = 0; attempt < 3000; attempt++) {
    seen = (await call<Run>('GET', `/api/feed-runs/${started.body.id}`)).body;
    if (seen.phase === 'applying' || seen.recordsRead >= RECORDS / 2 || !['queued', 'running'].includes(seen.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(seen?.status).toBe('running');
  await api.stop('SIGKILL');

  api = await start();
  const after = await currentOffers();
  expect(after.size).toBe(RECORDS);
  const offers = [...after];
  const fromLastGoodRun = offers.filter(([externalId, price]) => price === before.get(externalId)).length;
  const fromNewRun = offers.filter(([externalId, price]) => price === before.get(externalId)! + (SECOND_PRICE(0) - FIRST_PRICE(0))).length;
  // Either every offer is still the last good run's, or every offer is the new run's.
  expect({ fromLastGoodRun, fromNewRun }).toEqual(
    fromLastGoodRun === RECORDS ? { fromLastGoodRun: RECORDS, fromNewRun: 0 } : { fromLastGoodRun: 0, fromNewRun: RECORDS },
  );
  expect(await duplicateOffers()).toBe(0);
}, 300_000);

test('a crash during a burst of click-outs loses none that were acknowledged', async () => {
  const { rows: offers } = await onPostgres(DATABASE, (client) =>
    client.query<{ id: number; product_id: number; price: number }>('select id, product_id, amount as price from prices where valid_to is null limit 200'),
  );
  const acknowledged: string[] = [];
  let sent = 0;
  let stopping = false;
  const visitor = async (lane: number) => {
    while (!stopping) {
      const offer = offers[sent % offers.length]!;
      const tag = `burst-${lane}-${sent++}`;
      try {
        const response = await fetch(`${api.url}/api/prices/log-redirect`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${lane}.${sent % 250}` },
          body: JSON.stringify({
            timestamp: new Date().toISOString(),
            user: { isLoggedIn: false },
            product: { id: offer.product_id },
            store: { id: storeId },
            pricing: { current: Number(offer.price) },
            redirectUrl: `https://storing.example/uit?tag=${tag}`,
            priceId: offer.id,
          }),
        });
        if (response.status === 202) acknowledged.push(tag);
      } catch {
        // the server died under this request: not acknowledged
      }
    }
  };
  const lanes = Array.from({ length: 16 }, (_, lane) => visitor(lane));
  while (acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 10));
  await api.stop('SIGKILL');
  stopping = true;
  await Promise.all(lanes);

  api = await start();
  const stored = await onPostgres(DATABASE, async (client) => {
    const { rows } = await client.query<{ tag: string }>(
      `select substring(redirect_url from 'tag=(.*)$') as tag from click_outs where redirect_url like 'https://storing.example/uit?tag=burst-%'`,
    );
    return new Set(rows.map((row) => row.tag));
  });
  expect(acknowledged.length).toBeGreaterThanOrEqual(300);
  expect(acknowledged.filter((tag) => !stored.has(tag))).toEqual([]);
}, 300_000);
