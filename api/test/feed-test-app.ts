/**
 * Test support for feed and store tests: an app with an admin, a plain user, a store, the
 * default category 'Overig' and one catalog product (EAN 8710000000017); helpers to place
 * fixture files in the feed storage folder, run feeds to their end and snapshot the catalog.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ApiConfig } from '../src/config';
import { createTestApp, type TestContext } from './helpers';
import { createTestUser } from './auth';
import { categories, productIdentifiers, products, stores } from '../src/db/schema';
import { findRun } from '../src/features/feeds/repository';
import { whenRunFinished, type FeedRunRow } from '../src/features/feeds/runner';
import { runStagingNames } from '../src/db/run-staging';
import type { DatabaseHandle } from '../src/db/client';

export const FIXTURES = path.resolve(__dirname, 'fixtures/feeds');
export const EXISTING_EAN = '8710000000017';

export interface FeedTestContext extends TestContext {
  adminToken: string;
  userToken: string;
  storeId: number;
  storeSlug: string;
  existingProductId: number;
  overigId: number;
  auth: { authorization: string };
  /** Writes a file into the feed storage folder. */
  place(relativePath: string, content: Buffer | string, options?: { gzip?: boolean }): void;
  placeFixture(name: string, relativePath?: string, options?: { gzip?: boolean }): string;
  createFeed(body: Record<string, unknown>, storeId?: number): Promise<{ id: number }>;
  /** Starts a run through the API and waits for its end. */
  run(feedId: number): Promise<FeedRunRow>;
  /** Every catalog table, rows in a stable order, for "nothing changed" checks. */
  snapshot(): Promise<string>;
}

const SNAPSHOT_TABLES = [
  'products',
  'product_identifiers',
  'product_images',
  'product_properties',
  'product_categories',
  'product_category_aliases',
  'category_aliases',
  'category_alias_categories',
  'prices',
  'price_history',
  'stores',
];

export async function createFeedTestApp(overrides: Partial<ApiConfig> = {}): Promise<FeedTestContext> {
  const context = await createTestApp(overrides);
  const { app } = context;
  const db = context.database.db;
  const storage = app.config.feedStorageDir;
  fs.mkdirSync(storage, { recursive: true });

  const admin = await createTestUser(app, { email: 'admin@koopjesland.test', role: 'admin' });
  const user = await createTestUser(app, { email: 'user@koopjesland.test' });
  const [overig] = await db.insert(categories).values({ name: 'Overig', slug: 'overig' }).returning();
  const [store] = await db.insert(stores).values({ name: 'Winkel', slug: 'winkel', url: 'https://winkel.example' }).returning();
  const [product] = await db.insert(products).values({ name: 'Bestaand product', slug: 'bestaand-product' }).returning();
  await db.insert(productIdentifiers).values({ productId: product!.id, type: 'EAN', value: EXISTING_EAN });
  const adminToken = admin.token;

  const place: FeedTestContext['place'] = (relativePath, content, options = {}) => {
    const file = path.join(storage, relativePath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, options.gzip ? zlib.gzipSync(content) : content);
  };

  return {
    ...context,
    adminToken,
    userToken: user.token,
    storeId: store!.id,
    storeSlug: store!.slug,
    existingProductId: product!.id,
    overigId: overig!.id,
    auth: { authorization: `Bearer ${adminToken}` },
    place,
    placeFixture(name, relativePath = `winkel/${name}`, options) {
      place(relativePath, fs.readFileSync(path.join(FIXTURES, name)), options);
      return relativePath;
    },
    async createFeed(body, storeId = store!.id) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/store-feeds/store/${storeId}`,
        headers: { authorization: `Bearer ${adminToken}` },
        payload: body,
      });
      if (response.statusCode !== 201) throw new Error(`createFeed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async run(feedId) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/store-feeds/${feedId}/run`,
        headers: { authorization: `Bearer ${adminToken}` },
      });
      if (response.statusCode !== 202) throw new Error(`run: ${response.statusCode} ${response.body}`);
      const id: number = response.json().id;
      // A run that fails at once may be over before the response is: then it is read back.
      return (await whenRunFinished(id)) ?? (await findRun(db, id))!;
    },
    async snapshot() {
      const parts: string[] = [];
      for (const table of SNAPSHOT_TABLES) {
        const rows = await context.database.query(`select * from ${table} order by 1, 2`);
        parts.push(`${table}: ${JSON.stringify(rows)}`);
      }
      return parts.join('\n');
    },
  };
}

/**
 * Rows left in runs' staging tables (db/run-staging.ts): of one run, or of every run when none is
 * given. A table dropped counts as empty.
 */
export async function countStagedRows(database: DatabaseHandle, runId?: number): Promise<number> {
  const tables = await database.query<{ name: string }>(
    "select relname as name from pg_class where relkind = 'r' and relname ~ '^feed_staging(_unchanged)?_run_[0-9]+$'",
  );
  const wanted = runId === undefined ? null : Object.values(runStagingNames(runId));
  let rows = 0;
  for (const { name } of tables) {
    if (wanted && !wanted.includes(name)) continue;
    const [count] = await database.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
    rows += count?.n ?? 0;
  }
  return rows;
}

/** A buffer of little-endian fields: `[offset, byte count, value]`. */
function fields(size: number, entries: [number, 2 | 4, number][]): Buffer {
  const buffer = Buffer.alloc(size);
  for (const [offset, bytes, value] of entries) {
    if (bytes === 2) buffer.writeUInt16LE(value, offset);
    else buffer.writeUInt32LE(value, offset);
  }
  return buffer;
}

/** A zip archive with one deflated entry (enough to test the zip source and its bounds). */
export function makeZip(entryName: string, content: Buffer): Buffer {
  const name = Buffer.from(entryName);
  const data = zlib.deflateRawSync(content, { level: 9 });
  const crc = zlib.crc32(content);
  const sizes: [number, 2 | 4, number][] = [[0, 4, crc], [4, 4, data.length], [8, 4, content.length], [12, 2, name.length]];
  const at = (base: number) => sizes.map(([offset, bytes, value]): [number, 2 | 4, number] => [base + offset, bytes, value]);
  const local = fields(30, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, 8], ...at(14)]);
  const central = fields(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [10, 2, 8], ...at(16)]);
  const end = fields(22, [
    [0, 4, 0x06054b50],
    [8, 2, 1],
    [10, 2, 1],
    [12, 4, central.length + name.length],
    [16, 4, local.length + name.length + data.length],
  ]);
  return Buffer.concat([local, name, data, central, name, end]);
}
