/**
 * A feed reads only files in its own store's folder of the feed storage (`<feeds>/<store slug>/`):
 * checked when it is saved and again, on the real path, when it runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { storeFeeds, stores } from '../../db/schema';
import { createTestUser, type TestUser } from '../../../test/auth';
import { createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';

const OWN_FOLDER_ONLY = "The storage path must be inside the store's folder winkel/";

let t: FeedTestContext;
let manager: TestUser;
let otherStoreId: number;
let baseline: string;
beforeAll(async () => {
  t = await createFeedTestApp();
  const [other] = await t.database.db
    .insert(stores)
    .values({ name: 'Prijsknaller', slug: 'prijsknaller', url: 'https://prijsknaller.example' })
    .returning();
  otherStoreId = other!.id;
  manager = await createTestUser(t.app, { role: 'store_manager', storeIds: [t.storeId] });
  // The other store's feed file, with offers the manager of 'winkel' must never see.
  t.placeFixture('awin.csv', 'prijsknaller/demo-awin.csv.gz', { gzip: true });
  baseline = await t.snapshot();
});
afterAll(() => t.close());

const saveFeed = (body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST', feedId?: number) =>
  t.app.inject({
    method,
    url: method === 'POST' ? `/api/store-feeds/store/${t.storeId}` : `/api/store-feeds/${feedId}`,
    headers: manager.headers,
    payload: body,
  });

const feedOfPath = async (storagePath: string) => {
  const [feed] = await t.database.db
    .insert(storeFeeds)
    .values({ storeId: t.storeId, name: storagePath, importer: 'awin', path: storagePath, compression: 'gzip' })
    .returning();
  return feed!.id;
};

const offersOfStore = async (storeId: number) =>
  (await t.database.query<{ n: number }>('select count(*)::int as n from prices where store_id = $1', [storeId]))[0]!.n;

describe('when a feed is saved', () => {
  it("a store manager saving a feed with another store's folder gets 400 naming the path, and nothing is stored", async () => {
    const before = (await t.database.db.select().from(storeFeeds)).length;
    for (const storagePath of ['prijsknaller/demo-awin.csv.gz', 'winkel/../prijsknaller/demo-awin.csv.gz', 'demo-awin.csv.gz', 'winkel', './winkel/']) {
      const response = await saveFeed({ name: 'Lek', importer: 'awin', compression: 'gzip', path: storagePath });
      expect({ storagePath, status: response.statusCode, body: response.json() }).toEqual({
        storagePath,
        status: 400,
        body: { error: 'Invalid path', details: `path: ${OWN_FOLDER_ONLY}` },
      });
    }
    expect(await t.database.db.select().from(storeFeeds)).toHaveLength(before);
  });

  it("changing an own feed's path to another store's folder is refused too, and the path stays as it was", async () => {
    const created = await saveFeed({ name: 'Eigen', importer: 'awin', path: 'winkel/eigen.csv' });
    expect(created.statusCode).toBe(201);
    const id: number = created.json().id;
    const response = await saveFeed({ path: 'prijsknaller/demo-awin.csv.gz' }, 'PUT', id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid path', details: `path: ${OWN_FOLDER_ONLY}` });
    const [stored] = await t.database.db.select({ path: storeFeeds.path }).from(storeFeeds).where(eq(storeFeeds.id, id));
    expect(stored!.path).toBe('winkel/eigen.csv');
    const moved = await saveFeed({ path: 'winkel/sub/eigen.csv' }, 'PUT', id);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().path).toBe('winkel/sub/eigen.csv');
  });
});

describe('when a feed runs', () => {
  it("a stored path into another store's folder fails the run with the reason and touches no offers", async () => {
    const id = await feedOfPath('prijsknaller/demo-awin.csv.gz');
    const run = await t.run(id);
    expect({ status: run.status, reason: run.failureReason }).toEqual({
      status: 'failed',
      reason: `${OWN_FOLDER_ONLY} (it is prijsknaller/demo-awin.csv.gz)`,
    });
    expect(run.recordsRead).toBe(0);
    expect(await offersOfStore(t.storeId)).toBe(0);
    expect(await t.snapshot()).toBe(baseline);
  });

  it("a symbolic link in the own folder that leads to another store's folder is refused", async () => {
    const storage = t.app.config.feedStorageDir;
    fs.mkdirSync(path.join(storage, 'winkel'), { recursive: true });
    // A link to the file itself, and a link to the other store's whole folder.
    fs.symlinkSync(path.join(storage, 'prijsknaller/demo-awin.csv.gz'), path.join(storage, 'winkel/gelinkt.csv.gz'));
    fs.symlinkSync('../prijsknaller', path.join(storage, 'winkel/buren'));
    for (const storagePath of ['winkel/gelinkt.csv.gz', 'winkel/buren/demo-awin.csv.gz']) {
      // Saved through the API: the path as written is in the store's folder.
      const created = await saveFeed({ name: storagePath, importer: 'awin', compression: 'gzip', path: storagePath });
      expect(created.statusCode).toBe(201);
      const run = await t.run(created.json().id);
      expect({ status: run.status, reason: run.failureReason }).toEqual({
        status: 'failed',
        reason: `The feed file ${storagePath} leads outside the store's folder winkel/ (through a symbolic link)`,
      });
    }
    expect(await offersOfStore(t.storeId)).toBe(0);
    expect(await t.snapshot()).toBe(baseline);
  });

  it('a link that stays inside the own folder is followed, and the own file imports', async () => {
    const storage = t.app.config.feedStorageDir;
    t.placeFixture('awin.csv', 'winkel/2026/awin.csv');
    fs.symlinkSync('2026/awin.csv', path.join(storage, 'winkel/actueel.csv'));
    const created = await saveFeed({ name: 'Actueel', importer: 'awin', path: 'winkel/actueel.csv' });
    const run = await t.run(created.json().id);
    expect(run.status).toBe('succeeded');
    expect(await offersOfStore(t.storeId)).toBeGreaterThan(0);
    expect(await offersOfStore(otherStoreId)).toBe(0);
  });
});
