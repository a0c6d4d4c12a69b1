jest.setTimeout(60_000);
import { createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';

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

  it('updates a store', async () => {
    const response = await t.app.inject({ method: 'PUT', url: `/api/stores/${t.storeId}`, headers: t.auth, payload: { name: 'Winkel NL', logo: 'https://winkel.example/logo.png' } });
    expect(response.json()).toMatchObject({ name: 'Winkel NL', slug: 'winkel', logo: 'https://winkel.example/logo.png' });
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
});
