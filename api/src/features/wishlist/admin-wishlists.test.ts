import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser, type TestUser } from '../../../test/auth';

let ctx: TestContext;
let admin: TestUser;
let shopper: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx.app, { role: 'admin' });
  shopper = await createTestUser(ctx.app, { email: 'klant@example.nl' });
  // A's lowest price meets the desired 100 euros, B's does not, C has no offer.
  await ctx.database.query(
    `insert into products (id, slug, name) values (1, 'a', 'Bosch Wasmachine A'), (2, 'b', 'Miele Wasmachine B'), (3, 'c', 'AEG Wasmachine C')`,
  );
  await ctx.database.query(`update product_prices set lowest_total = case product_id when 1 then 9500 when 2 then 10001 end`);
  for (const [productId, days] of [[1, 3], [2, 2], [3, 1]]) {
    await ctx.database.query(
      `insert into wishlist_items (user_id, product_id, max_price, created_at) values ($1, $2, 10000, now() - make_interval(days => $3))`,
      [shopper.id, productId, days],
    );
  }
});
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

it('shows the current lowest price and whether the target is met, and filters on it', async () => {
  const items = (await call('GET', '/api/admin/wishlists')).json().wishlistItems as { productName: string; currentLowestPrice: number | null; targetMet: boolean }[];
  expect(items.map(({ productName, currentLowestPrice, targetMet }) => [productName, currentLowestPrice, targetMet])).toEqual([
    ['AEG Wasmachine C', null, false],
    ['Miele Wasmachine B', 10001, false],
    ['Bosch Wasmachine A', 9500, true],
  ]);
  const met = (await call('GET', '/api/admin/wishlists?targetMet=true')).json();
  expect(met.wishlistItems.map((i: { productName: string }) => i.productName)).toEqual(['Bosch Wasmachine A']);
  expect(met.pagination.totalItems).toBe(1);
  expect((await call('GET', '/api/admin/wishlists?targetMet=false')).json().pagination.totalItems).toBe(2);
  expect((await call('GET', '/api/admin/wishlists?targetMet=ja')).json().error).toBe('Invalid targetMet');
});

it('filters by user, product and text in the email or product name', async () => {
  const other = await createTestUser(ctx.app, { email: 'ander@example.nl' });
  await ctx.database.query(`insert into wishlist_items (user_id, product_id, max_price) values ($1, 2, 5000)`, [other.id]);
  expect((await call('GET', `/api/admin/wishlists?userId=${other.id}`)).json().wishlistItems.map((i: { userEmail: string }) => i.userEmail)).toEqual([
    'ander@example.nl',
  ]);
  expect((await call('GET', '/api/admin/wishlists?productId=2')).json().pagination.totalItems).toBe(2);
  expect((await call('GET', '/api/admin/wishlists?search=miele')).json().pagination.totalItems).toBe(2);
  expect((await call('GET', '/api/admin/wishlists?search=ANDER@')).json().pagination.totalItems).toBe(1);
  await ctx.database.query(`delete from wishlist_items where user_id = $1`, [other.id]);
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
