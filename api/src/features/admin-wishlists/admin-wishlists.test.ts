import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser, type TestUser } from '../../../test/auth';

let ctx: TestContext;
let admin: TestUser;
let shopper: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx.app, { role: 'admin' });
  shopper = await createTestUser(ctx.app, { email: 'klant@example.nl' });
  await ctx.database.query(`insert into products (id, slug, name) values (1, 'a', 'Bosch Wasmachine A'), (2, 'b', 'Miele Wasmachine B'), (3, 'c', 'AEG Wasmachine C')`);
  for (const [productId, days] of [[1, 3], [2, 2], [3, 1]]) {
    await ctx.database.query(
      `insert into wishlist_items (user_id, product_id, max_price, created_at) values ($1, $2, 10000, now() - make_interval(days => $3))`,
      [shopper.id, productId, days],
    );
  }
}, 60_000);
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin.headers, payload });

it('pages wishlist items newest first with user and product', async () => {
  const res = await call('GET', '/api/admin/wishlists?limit=2');
  expect(res.statusCode).toBe(200);
  expect(res.json().wishlistItems.map((i: { productName: string }) => i.productName)).toEqual(['AEG Wasmachine C', 'Miele Wasmachine B']);
  expect(res.json().wishlistItems[0]).toMatchObject({ userEmail: 'klant@example.nl', maxPrice: 10000 });
  expect(res.json().pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 3, itemsPerPage: 2 });
});

it('changes a desired price and deletes an item; unknown ids are 404', async () => {
  const [first] = (await call('GET', '/api/admin/wishlists')).json().wishlistItems;
  const put = await call('PUT', `/api/admin/wishlists/${first.id}`, { maxPrice: 7500 });
  expect(put.json().maxPrice).toBe(7500);
  expect((await call('PUT', `/api/admin/wishlists/${first.id}`, { maxPrice: 0 })).json().error).toBe('Invalid maxPrice');
  expect((await call('DELETE', `/api/admin/wishlists/${first.id}`)).statusCode).toBe(200);
  expect((await call('GET', `/api/admin/wishlists/${first.id}`)).json()).toEqual({ error: 'Wishlist item not found' });
});

it('is closed to shoppers', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/wishlists', headers: shopper.headers });
  expect(res.statusCode).toBe(403);
});
