import { createTestUser } from '../../../test/auth';
import { countStagedRows, createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';
import { storeRatings } from '../../db/schema';

describe('stores API', () => {
  let t: FeedTestContext;
  beforeAll(async () => {
    t = await createFeedTestApp();
  });
  afterAll(() => t.close());

  it('creates a store with trimmed values and refuses invalid ones with the spec texts', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/stores', headers: t.auth, payload: { name: ' ', slug: '', url: 'geen-url' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContain('Name is required');
    expect(bad.json().details).toContain('Slug is required');
    expect(bad.json().details).toContain('Please enter a valid URL');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: t.auth,
      payload: { name: '  Coolblue ', slug: 'coolblue', url: 'https://www.coolblue.nl', logo: '' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Coolblue', slug: 'coolblue', logo: null, _count: { prices: 0, storeRatings: 0, feeds: 0 } });
    const duplicate = await t.app.inject({ method: 'POST', url: '/api/stores', headers: t.auth, payload: { name: 'X', slug: 'coolblue', url: 'https://x.nl' } });
    expect(duplicate.statusCode).toBe(409);
  });

  it('lists stores publicly, sorted by name by default, paged', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/stores?limit=1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      stores: [{ name: 'Coolblue' }],
      pagination: { currentPage: 1, totalPages: 2, totalItems: 2, itemsPerPage: 1 },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/stores?limit=1001' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/stores/id/9999' })).statusCode).toBe(404);
  });

  it('refuses invalid store changes with the spec texts and leaves the store as it was', async () => {
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/stores/${t.storeId}`, headers: t.auth, payload });
    expect((await put({ name: '  ' })).json()).toEqual({ error: 'Invalid name', details: 'name: Name is required' });
    expect((await put({ url: 'winkel' })).json()).toEqual({ error: 'Invalid url', details: 'url: Please enter a valid URL' });
    expect((await put({ logo: 'geen url' })).json()).toEqual({ error: 'Invalid logo', details: 'logo: Please enter a valid URL or a path starting with /' });
    expect((await put({ logo: '//elders.example/logo.svg' })).statusCode).toBe(400);
    expect((await put({ slug: 'coolblue' })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: `/api/stores/id/${t.storeId}` })).json()).toMatchObject({ name: 'Winkel', slug: 'winkel', url: 'https://winkel.example' });
  });

  it('saves a store whose logo is a path on this site, as the demo and uploads make them', async () => {
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/stores/${t.storeId}`, headers: t.auth, payload });
    const renamed = await put({ name: 'Winkel', slug: 'winkel', url: 'https://winkel.example', logo: '/media/stores/winkel.svg' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ logo: '/media/stores/winkel.svg' });
    expect((await put({ logo: '/api/media/uploads/abc.png' })).json()).toMatchObject({ logo: '/api/media/uploads/abc.png' });
  });

  it('updates a store', async () => {
    const response = await t.app.inject({ method: 'PUT', url: `/api/stores/${t.storeId}`, headers: t.auth, payload: { name: 'Winkel NL', logo: 'https://winkel.example/logo.png' } });
    expect(response.json()).toMatchObject({ name: 'Winkel NL', slug: 'winkel', logo: 'https://winkel.example/logo.png' });
  });

  it('lists the stores an admin manages: search, sort, paging; a store manager sees only theirs', async () => {
    const list = async (query: string, headers = t.auth) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/stores?${query}`, headers });
      return response.json();
    };
    expect((await list('')).stores.map((s: { slug: string }) => s.slug)).toEqual(['coolblue', 'winkel']);
    expect((await list('sortBy=slug&sortOrder=desc')).stores.map((s: { slug: string }) => s.slug)).toEqual(['winkel', 'coolblue']);
    expect((await list('search=COOL')).stores.map((s: { slug: string }) => s.slug)).toEqual(['coolblue']);
    expect((await list('search=%25')).stores).toEqual([]);
    expect((await list('limit=1&page=2')).pagination).toEqual({ currentPage: 2, totalPages: 2, totalItems: 2, itemsPerPage: 1 });
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/stores?sortBy=rating', headers: t.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid sortBy');
    const manager = await createTestUser(t.app, { role: 'store_manager', storeIds: [t.storeId] });
    expect((await list('', manager.headers)).stores.map((s: { slug: string }) => s.slug)).toEqual(['winkel']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stores' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stores', headers: { authorization: `Bearer ${t.userToken}` } })).statusCode).toBe(403);
  });

  it('refuses store writes from anonymous callers, plain users and managers of other stores', async () => {
    const [coolblue] = (await t.app.inject({ method: 'GET', url: '/api/stores?search=coolblue' })).json().stores;
    const manager = await createTestUser(t.app, { role: 'store_manager', storeIds: [t.storeId] });
    const user = { authorization: `Bearer ${t.userToken}` };
    const writes: ['POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['POST', '/api/stores', { name: 'N', slug: 'n', url: 'https://n.nl' }],
      ['PUT', `/api/stores/${coolblue.id}`, { name: 'X' }],
      ['DELETE', `/api/stores/${coolblue.id}/prices`],
      ['DELETE', `/api/stores/${coolblue.id}`],
    ];
    for (const [method, url, payload] of writes) {
      const as = (headers: Record<string, string>) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect((await as({})).statusCode).toBe(401);
      expect((await as(user)).statusCode).toBe(403);
      expect((await as(manager.headers)).statusCode).toBe(403);
    }
    const own = await t.app.inject({ method: 'PUT', url: `/api/stores/${t.storeId}`, headers: manager.headers, payload: { name: 'Winkel' } });
    expect(own.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: '/api/stores/999999', headers: t.auth, payload: { name: 'X' } })).json()).toEqual({ error: 'Store not found' });
  });

  it("lists a store's products: search, sort by lowest price, paging, 404; the counts in detail and admin list agree", async () => {
    t.placeFixture('awin-faults.csv');
    const { id } = await t.createFeed({ name: 'awin', importer: 'awin', path: 'winkel/awin-faults.csv' });
    expect(await t.run(id)).toMatchObject({ status: 'succeeded', offersCreated: 11 });
    const products = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/stores/${t.storeId}/products?${query}`, headers: t.auth })).json();
    const all = await products('');
    expect(all.pagination.totalItems).toBe(11);
    expect(all.products[0]).toMatchObject({ name: 'Bestaand product', lowestPrice: 1000, priceCount: 1 });
    expect((await products('search=kabel&sortBy=lowestPrice&sortOrder=desc&limit=2')).products.map((p: { name: string; lowestPrice: number }) => [p.name, p.lowestPrice])).toEqual([
      ['Kabel 8', 800],
      ['Kabel 7', 700],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/stores/999999/products', headers: t.auth })).statusCode).toBe(404);
    await t.database.db.insert(storeRatings).values([{ storeId: t.storeId, rating: 4 }, { storeId: t.storeId, rating: 5 }]);
    const store = (await t.app.inject({ method: 'GET', url: `/api/stores/id/${t.storeId}` })).json();
    expect(store).toMatchObject({ averageRating: 4.5, _count: { prices: 11, storeRatings: 2, feeds: 1, products: 11 } });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/stores?search=winkel', headers: t.auth })).json();
    expect(listed.stores[0]._count).toEqual({ prices: 11, storeRatings: 2, feeds: 1, products: 11 });
    const [feed] = (await t.app.inject({ method: 'GET', url: `/api/store-feeds/store/${t.storeId}`, headers: t.auth })).json();
    expect(feed).toMatchObject({ offerCount: 11, lastRun: { status: 'succeeded', offersCreated: 11 } });
    expect(Date.parse(feed.nextRunAt) - Date.parse(feed.lastRun.createdAt)).toBe(6 * 3600 * 1000);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/store-feeds/${feed.id}`, headers: t.auth })).statusCode).toBe(204);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/stores/${t.storeId}/prices`, headers: t.auth });
    expect(deleted.json()).toEqual({ deletedPrices: 11, deletedProducts: 11, deletedCategoryAliases: 1 });
    expect((await products('')).products).toEqual([]);
  });

  it('deletes all prices of a store with the products and aliases they leave behind', async () => {
    t.placeFixture('tradetracker.xml');
    const { id } = await t.createFeed({ name: 'tt', importer: 'tradetracker', path: 'winkel/tradetracker.xml' });
    expect(await t.run(id)).toMatchObject({ status: 'succeeded', offersCreated: 3 });
    const store = await t.app.inject({ method: 'GET', url: `/api/stores/id/${t.storeId}` });
    expect(store.json()).toMatchObject({ _count: { prices: 3, feeds: 1 } });
    expect(store.json().lastPriceUpdate).not.toBeNull();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/stores/${t.storeId}/prices`, headers: t.auth });
    // Each of the 3 products had only this store's offer: all go, and with them both aliases they used.
    expect(response.json()).toEqual({ deletedPrices: 3, deletedProducts: 3, deletedCategoryAliases: 2 });
    expect(await t.database.query('select id from products')).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/stores/${t.storeId}/prices`, headers: t.auth });
    expect(again.json()).toEqual({ deletedPrices: 0, deletedProducts: 0, deletedCategoryAliases: 0 });
  });

  it('deletes a store with its feeds, and the rows a held run of theirs kept staged', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: t.auth,
      payload: { name: 'Opheffing', slug: 'opheffing', url: 'https://opheffing.example' },
    });
    const storeId: number = created.json().id;
    const header = 'merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category';
    const feedFile = (count: number) =>
      [header, ...Array.from({ length: count }, (_, i) => `O${i},Product O${i},${i + 1}.00,0.00,,https://awin.example/O${i},Audio`)].join('\n');
    t.place('opheffing/feed.csv', feedFile(10));
    const { id: feedId } = await t.createFeed({ name: 'opheffing', importer: 'awin', path: 'opheffing/feed.csv' }, storeId);
    expect(await t.run(feedId)).toMatchObject({ status: 'succeeded', offersCreated: 10 });
    t.place('opheffing/feed.csv', feedFile(2));
    const held = await t.run(feedId);
    expect(held).toMatchObject({ status: 'held' });
    // The held run keeps its two records: unchanged ones listed as carried, changed ones staged.
    const staged = () => countStagedRows(t.database, held.id);
    expect(await staged()).toBeGreaterThan(0);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/stores/${storeId}`, headers: t.auth });
    expect(deleted.statusCode).toBe(204);
    expect(await staged()).toBe(0);
    expect(await t.database.query('select id from feed_runs where id = $1', [held.id])).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/stores/id/${storeId}` })).statusCode).toBe(404);
  });
});
