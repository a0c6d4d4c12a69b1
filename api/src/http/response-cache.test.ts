import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { categorySettings, prices, stores } from '../db/schema';
import { createTestUser, type TestUser } from '../../test/auth';
import { openCatalogueTestApp, type Catalogue } from '../../test/catalogue';
import type { TestContext } from '../../test/helpers';
import responseCache from './response-cache';

let ctx: TestContext;
let data: Catalogue;
let admin: TestUser;

beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
  admin = await createTestUser(ctx.app, { email: 'admin@example.nl', role: 'admin' });
});
afterAll(() => ctx.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, cache: response.headers['x-cache'], body: response.json() };
};
const CATEGORY_PAGE = '/api/categories/page/wasmachines?limit=21';
const productNamed = (body: { products: { name: string; lowestPrice: { total: number } | null }[] }, name: string) =>
  body.products.find((product) => product.name === name);

describe('cached catalogue reads', () => {
  it('answers a repeated category page from the cache, byte for byte', async () => {
    const first = await get(CATEGORY_PAGE);
    const second = await get(CATEGORY_PAGE);
    expect([first.status, first.cache, second.status, second.cache]).toEqual([200, 'miss', 200, 'hit']);
    expect(second.body).toEqual(first.body);
    // Another URL is another entry.
    expect((await get(`${CATEGORY_PAGE}&page=1`)).cache).toBe('miss');
  });

  it('shows an admin edit at once: product name, category settings, a store name, an offer price', async () => {
    await get(CATEGORY_PAGE);
    expect((await get(CATEGORY_PAGE)).cache).toBe('hit');

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${data.products.bosch.id}`,
      headers: admin.headers,
      payload: { name: 'Bosch Serie 8 wasmachine' },
    });
    expect(renamed.statusCode).toBe(200);
    const afterRename = await get(CATEGORY_PAGE);
    expect(afterRename.cache).toBe('miss');
    expect(productNamed(afterRename.body, 'Bosch Serie 8 wasmachine')).toBeDefined();

    await ctx.app.db
      .insert(categorySettings)
      .values({ categoryId: data.categories.wasmachines.id, subcategoryColumns: 3 })
      .onConflictDoUpdate({ target: categorySettings.categoryId, set: { subcategoryColumns: 3 } });
    const afterSettings = await get(CATEGORY_PAGE);
    expect(afterSettings.cache).toBe('miss');
    expect(afterSettings.body.category.settings.subcategoryColumns).toBe(3);

    await ctx.app.db.update(stores).set({ name: 'Coolblue NL' }).where(eq(stores.id, data.stores.coolblue.id));
    expect((await get(CATEGORY_PAGE)).cache).toBe('miss');

    // A price that is not the lowest moves nothing in the product row, but the offers changed.
    await ctx.app.db.update(prices).set({ url: 'https://coolblue.example/nieuw' }).where(eq(prices.storeId, data.stores.coolblue.id));
    expect((await get(CATEGORY_PAGE)).cache).toBe('miss');
    expect((await get(CATEGORY_PAGE)).cache).toBe('hit');
  });

  it('gives a signed-in visitor the same public answer, and never caches a failure or a per-user route', async () => {
    await get('/api/products?limit=5&sortBy=views&sortOrder=desc');
    const signedIn = await get('/api/products?limit=5&sortBy=views&sortOrder=desc', admin.headers);
    expect(signedIn.cache).toBe('hit');

    expect((await get('/api/categories/page/bestaat-niet')).status).toBe(404);
    const missing = await get('/api/categories/page/bestaat-niet');
    expect([missing.status, missing.cache]).toEqual([404, 'miss']);

    // The product page counts a view and carries the visitor's wishlist state: not cached.
    const product = await get(`/api/products/${data.products.miele.id}`);
    expect([product.status, product.cache]).toEqual([200, undefined]);
  });

  it('refuses to cache a route that is not public', async () => {
    const app = Fastify();
    await app.register(responseCache, { db: ctx.app.db });
    expect(() => app.get('/admin-list', { config: { access: 'catalog', cache: true } }, async () => ({}))).toThrow(
      '/admin-list: only public routes may be cached',
    );
    await app.close();
  });
});
