/**
 * Store scope through the store area's real routes: a store manager limited to store 1 sees only
 * store 1 in lists and gets 403 on store 2's objects; an unrestricted manager sees every store; a
 * manager whose stores were all deleted sees none (never "all" by accident).
 */
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser, type TestUser } from '../../../test/auth';

let ctx: TestContext;
let limited: TestUser;
let unrestricted: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.database.query(
    `insert into stores (id, name, slug, url) values (1, 'MegaKoop', 'megakoop', 'https://megakoop.example'),
       (2, 'Prijsbaas', 'prijsbaas', 'https://prijsbaas.example'), (3, 'Verdwijnt', 'verdwijnt', 'https://verdwijnt.example')`,
  );
  await ctx.database.query(`insert into products (id, slug, name) values (1, 'een', 'Product een')`);
  await ctx.database.query(
    `insert into store_feeds (id, store_id, name, importer, path) values
       (1, 1, 'Feed een', 'tradetracker', 'megakoop/feed.xml'), (2, 2, 'Feed twee', 'tradetracker', 'prijsbaas/feed.xml')`,
  );
  await ctx.database.query(`insert into feed_runs (id, feed_id, status) values (1, 1, 'succeeded'), (2, 2, 'succeeded')`);
  await ctx.database.query(
    `insert into prices (id, product_id, store_id, amount, total, url) values
       (1, 1, 1, 1000, 1000, 'https://megakoop.example/p/1'), (2, 1, 2, 2000, 2000, 'https://prijsbaas.example/p/1')`,
  );
  limited = await createTestUser(ctx.app, { role: 'store_manager', storeIds: [1] });
  unrestricted = await createTestUser(ctx.app, { role: 'store_manager' });
});
afterAll(() => ctx.close());

const get = (url: string, user: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user.headers });

it('lists only the stores and prices of a limited store manager', async () => {
  const stores = await get('/api/admin/stores', limited);
  expect(stores.statusCode).toBe(200);
  expect(stores.json().stores.map((s: { id: number }) => s.id)).toEqual([1]);
  const prices = await get('/api/prices', limited);
  expect(prices.json().prices.map((p: { id: number }) => p.id)).toEqual([1]);
});

it("refuses a limited store manager another store's feeds, runs and prices by id, and allows their own", async () => {
  for (const url of ['/api/store-feeds/store/2', '/api/store-feeds/2', '/api/store-feeds/2/runs', '/api/feed-runs/2', '/api/prices/2']) {
    expect({ url, status: (await get(url, limited)).statusCode }).toEqual({ url, status: 403 });
  }
  for (const url of ['/api/store-feeds/store/1', '/api/store-feeds/1', '/api/store-feeds/1/runs', '/api/feed-runs/1', '/api/prices/1']) {
    expect({ url, status: (await get(url, limited)).statusCode }).toEqual({ url, status: 200 });
  }
  const change = await ctx.app.inject({ method: 'PUT', url: '/api/prices/2', headers: limited.headers, payload: { amount: 1 } });
  expect(change.statusCode).toBe(403);
  expect((await ctx.database.query<{ amount: number }>(`select amount from prices where id = 2`))[0]!.amount).toBe(2000);
});

it('shows an unrestricted store manager every store', async () => {
  const stores = await get('/api/admin/stores?limit=100', unrestricted);
  expect(stores.json().stores.map((s: { id: number }) => s.id).sort()).toEqual([1, 2, 3]);
  expect((await get('/api/store-feeds/2', unrestricted)).statusCode).toBe(200);
});

it('leaves a manager whose only store was deleted with no stores, not all of them', async () => {
  const orphan = await createTestUser(ctx.app, { role: 'store_manager', storeIds: [3] });
  await ctx.database.query(`delete from stores where id = 3`);
  expect((await get('/api/auth/profile', orphan)).json().storeIds).toEqual([]);
  expect((await get('/api/admin/stores', orphan)).json().stores).toEqual([]);
  expect((await get('/api/store-feeds/1', orphan)).statusCode).toBe(403);
});
