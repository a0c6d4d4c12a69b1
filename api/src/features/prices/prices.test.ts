import { createTestUser } from '../../../test/auth';
import { createFeedTestApp, EXISTING_EAN, type FeedTestContext } from '../../../test/feed-test-app';
import { stores } from '../../db/schema';

const feedCsv = [
  'merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category',
  `A,Speaker A,10.00,1.95,${EXISTING_EAN},https://awin.example/A,Audio`,
  'B,Speaker B,20.00,0.00,,https://awin.example/B,Audio',
  'C,Kabel C,30.00,0.00,,https://awin.example/C,Audio',
].join('\n');

describe('prices API', () => {
  let t: FeedTestContext;
  let otherStoreId: number;
  let priceA: number;
  beforeAll(async () => {
    t = await createFeedTestApp();
    t.place('winkel/prices.csv', feedCsv);
    const feed = await t.createFeed({ name: 'prices', importer: 'awin', path: 'winkel/prices.csv' });
    expect(await t.run(feed.id)).toMatchObject({ status: 'succeeded', offersCreated: 3 });
    const [other] = await t.database.db
      .insert(stores)
      .values({ name: 'Ander', slug: 'ander', url: 'https://ander.example' })
      .returning();
    otherStoreId = other!.id;
    const [a] = await t.database.query<{ id: number }>("select id from prices where external_id = 'A'");
    priceA = a!.id;
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = t.auth,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const product = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${t.existingProductId}` })).json();

  it('lists current offers with product and store, newest first by default', async () => {
    const response = await call('GET', '/api/prices');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, itemsPerPage: 20 });
    expect(body.prices.find((p: { id: number }) => p.id === priceA)).toMatchObject({
      amount: 1000,
      shipping: 195,
      total: 1195,
      validTo: null,
      product: { id: t.existingProductId, name: 'Bestaand product' },
      store: { id: t.storeId, name: 'Winkel' },
    });
  });

  it('filters by product name, product, store and price range in cents, and sorts', async () => {
    const names = async (query: string) =>
      (await call('GET', `/api/prices?${query}`)).json().prices.map((p: { externalId: string }) => p.externalId);
    expect(await names('search=kabel')).toEqual(['C']);
    expect(await names(`productId=${t.existingProductId}`)).toEqual(['A']);
    expect(await names(`storeId=${otherStoreId}`)).toEqual([]);
    expect(await names('minPrice=1500&maxPrice=3000&sortBy=total&sortOrder=asc')).toEqual(['B', 'C']);
    // Speaker B, Kabel C, Bestaand product (A matched the catalog product by its EAN).
    expect(await names('sortBy=productName&sortOrder=desc')).toEqual(['B', 'C', 'A']);
    const bad = await call('GET', '/api/prices?minPrice=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid minPrice');
  });

  it('refuses bad offer edits with the field named', async () => {
    const negative = await call('PUT', `/api/prices/${priceA}`, { amount: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toEqual({
      error: 'Invalid amount',
      details: 'amount: Amount must be a whole number of cents, 0 or more',
    });
    const fraction = await call('PUT', `/api/prices/${priceA}`, { shipping: 1.5 });
    expect(fraction.json().details).toBe('shipping: Shipping must be a whole number of cents, 0 or more');
    const url = await call('PUT', `/api/prices/${priceA}`, { url: 'geen-url' });
    expect(url.json()).toEqual({ error: 'Invalid url', details: 'url: Please enter a valid URL' });
    const future = await call('PUT', `/api/prices/${priceA}`, { validTo: '2999-01-01T00:00:00Z' });
    expect(future.json()).toEqual({ error: 'Invalid validTo', details: 'validTo: Valid to cannot be in the future' });
    expect((await call('PUT', '/api/prices/999999', { amount: 1 })).json()).toEqual({ error: 'Price not found' });
    expect((await call('GET', `/api/prices/${priceA}`)).json().total).toBe(1195);
  });

  it("edits an offer like an import: history, change, the product's lowest price", async () => {
    const response = await call('PUT', `/api/prices/${priceA}`, { amount: 800, deliveryTime: '1-2 werkdagen' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      amount: 800,
      shipping: 195,
      total: 995,
      priceChange: -200,
      percentageChange: -16.7,
      deliveryTime: '1-2 werkdagen',
    });
    const history = (await call('GET', `/api/prices/${priceA}/history`)).json().history;
    expect(history.map((h: { total: number }) => h.total)).toEqual([1195, 995]);
    expect(await product()).toMatchObject({ lowestPrice: { total: 995 }, priceChange: -200 });
    const [audit] = await t.database.query<{ user_email: string; action: string; before: object; after: object }>(
      "select user_email, action, before, after from audit_records where entity = 'price' and entity_id = $1",
      [String(priceA)],
    );
    expect(audit).toEqual({
      user_email: 'admin@koopjesland.test',
      action: 'update',
      before: { amount: 1000, deliveryTime: null, total: 1195 },
      after: { amount: 800, deliveryTime: '1-2 werkdagen', total: 995 },
    });
    // Only the delivery time: no new history entry.
    await call('PUT', `/api/prices/${priceA}`, { deliveryTime: null });
    expect((await call('GET', `/api/prices/${priceA}/history`)).json().history).toHaveLength(2);
  });

  it('adds an offer by hand, refusing unknown products, stores and a second offer of a store', async () => {
    const body = { productId: t.existingProductId, storeId: otherStoreId, amount: 900, url: 'https://ander.example/a' };
    const missing = await call('POST', '/api/prices', {
      storeId: otherStoreId,
      amount: 900,
      url: 'https://ander.example/a',
    });
    expect(missing.json().error).toBe('Invalid productId');
    expect((await call('POST', '/api/prices', { ...body, productId: 999999 })).json()).toEqual({
      error: 'Invalid productId',
      details: 'productId: Product not found',
    });
    expect((await call('POST', '/api/prices', { ...body, storeId: 999999 })).json()).toEqual({
      error: 'Invalid storeId',
      details: 'storeId: Store not found',
    });
    const created = await call('POST', '/api/prices', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      amount: 900,
      shipping: 0,
      total: 900,
      feedId: null,
      store: { id: otherStoreId },
    });
    expect((await call('GET', `/api/prices/${created.json().id}/history`)).json().history).toHaveLength(1);
    expect(await product()).toMatchObject({ lowestPrice: { total: 900, store: { name: 'Ander' } } });
    const again = await call('POST', '/api/prices', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This store already has a price for this product');
  });

  it('expires an offer through its valid-to date and lists it under expired and active=false', async () => {
    const [manual] = (await call('GET', `/api/prices?storeId=${otherStoreId}`)).json().prices;
    const response = await call('PUT', `/api/prices/${manual.id}`, { validTo: '2020-01-01T00:00:00.000Z' });
    expect(response.json().validTo).toBe('2020-01-01T00:00:00.000Z');
    expect(await product()).toMatchObject({ lowestPrice: { total: 995, store: { name: 'Winkel' } } });
    const ids = async (query: string) =>
      (await call('GET', `/api/prices?${query}`)).json().prices.map((p: { id: number }) => p.id);
    expect(await ids(`storeId=${otherStoreId}`)).toEqual([]);
    expect(await ids(`storeId=${otherStoreId}&status=expired`)).toEqual([manual.id]);
    expect(await ids(`storeId=${otherStoreId}&active=false`)).toEqual([manual.id]);
    expect(await ids('active=false')).toHaveLength(4);
  });

  it("deletes an offer and refreshes the product's lowest price", async () => {
    expect((await call('DELETE', `/api/prices/${priceA}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/prices/${priceA}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/prices/${priceA}`)).statusCode).toBe(404);
    expect(await product()).toMatchObject({ lowestPrice: null });
  });

  it('refuses anonymous callers, plain users and store managers of other stores', async () => {
    const [b] = (await call('GET', '/api/prices?search=Speaker B')).json().prices;
    const manager = await createTestUser(t.app, { role: 'store_manager', storeIds: [otherStoreId] });
    const user = { authorization: `Bearer ${t.userToken}` };
    const writes: ['POST' | 'PUT' | 'DELETE', string, object?][] = [
      [
        'POST',
        '/api/prices',
        { productId: t.existingProductId, storeId: t.storeId, amount: 1, url: 'https://x.example' },
      ],
      ['PUT', `/api/prices/${b.id}`, { amount: 1 }],
      ['DELETE', `/api/prices/${b.id}`],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, payload, {})).statusCode).toBe(401);
      expect((await call(method, url, payload, user)).statusCode).toBe(403);
      expect((await call(method, url, payload, manager.headers)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/prices/${b.id}`, undefined, manager.headers)).statusCode).toBe(403);
    const scoped = (await call('GET', '/api/prices?status=all', undefined, manager.headers)).json();
    expect(scoped.prices.every((p: { storeId: number }) => p.storeId === otherStoreId)).toBe(true);
    expect((await call('GET', `/api/prices/${b.id}`)).json().total).toBe(2000);
  });
});
