import { createFeedTestApp, EXISTING_EAN, type FeedTestContext } from '../../../test/feed-test-app';
import { createTestUser, type TestUser } from '../../../test/auth';
import { createRun, executeRun } from '../feeds/runner';
import { MAX_PRICE_REPORTS_PER_HOUR } from './routes';

const csv = (price: string) =>
  [
    'merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category',
    `A,Speaker A,${price},0.00,${EXISTING_EAN},https://awin.example/A,Audio > Speakers`,
  ].join('\n');

describe('wrong-price reports and hidden offers', () => {
  /** The feed's import, run here to its end (the import itself is the feeds feature's). */
  const importFeed = async () => executeRun(t.app, (await createRun(t.app, feedId, 'manual')).id);

  let t: FeedTestContext;
  let feedId: number;
  let reportedOffer: number;
  let otherOffer: number;
  let otherStoreId: number;
  let shopper: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    t = await createFeedTestApp();
    t.place('winkel/prices.csv', csv('10.00'));
    feedId = (await t.createFeed({ name: 'prices', importer: 'awin', path: 'winkel/prices.csv' })).id;
    expect((await importFeed()).status).toBe('succeeded');
    const [offer] = await t.database.query<{ id: number }>('select id from prices where external_id = $1', ['A']);
    reportedOffer = offer!.id;
    const store = await t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: t.auth,
      payload: { name: 'Ander', slug: 'ander', url: 'https://ander.example' },
    });
    otherStoreId = store.json().id;
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/prices',
      headers: t.auth,
      payload: { productId: t.existingProductId, storeId: otherStoreId, amount: 1500, url: 'https://ander.example/a' },
    });
    otherOffer = other.json().id;
    shopper = await createTestUser(t.app, { email: 'melder@example.nl' });
    manager = await createTestUser(t.app, { role: 'store_manager', storeIds: [otherStoreId] });
  });
  afterAll(() => t.close());

  const report = (priceId: number, payload: object, options: { ip?: string; user?: TestUser } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/prices/${priceId}/reports`,
      payload,
      remoteAddress: options.ip ?? '192.0.2.1',
      headers: options.user?.headers ?? {},
    });
  const admin = (method: 'GET' | 'POST', url: string, user: { headers: object } | null = { headers: t.auth }) =>
    t.app.inject({ method, url: `/api${url}`, headers: user ? { ...user.headers } : {} });
  const productPage = async () => (await t.app.inject({ method: 'GET', url: `/api/products/${t.existingProductId}` })).json();
  const listed = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
    return res.json().products as { id: number; priceChange: number | null; lowestPrice: { id: number; total: number } | null }[];
  };

  it('takes reports from anonymous and signed-in visitors and groups them per offer in the queue', async () => {
    const anonymous = await report(reportedOffer, { reason: 'price-differs', note: '  In de winkel kost hij 25 euro  ' });
    expect(anonymous.statusCode).toBe(201);
    expect(anonymous.json().report).toMatchObject({ priceId: reportedOffer, reason: 'price-differs' });
    expect((await report(reportedOffer, { reason: 'not-in-stock' }, { user: shopper })).statusCode).toBe(201);
    expect((await report(reportedOffer, { reason: 'price-differs' }, { ip: '192.0.2.2' })).statusCode).toBe(201);
    expect((await report(otherOffer, { reason: 'wrong-product', note: 'Andere kleur' })).statusCode).toBe(201);

    const res = await admin('GET', '/admin/price-reports');
    expect(res.statusCode).toBe(200);
    const { priceReports, pagination } = res.json();
    expect(pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 2, itemsPerPage: 20 });
    // Last reported first: the other store's offer was reported last.
    expect(priceReports.map((row: { priceId: number }) => row.priceId)).toEqual([otherOffer, reportedOffer]);
    const group = priceReports[1];
    expect(group).toMatchObject({
      priceId: reportedOffer,
      count: 3,
      reasons: [
        { reason: 'price-differs', count: 2 },
        { reason: 'not-in-stock', count: 1 },
      ],
      notes: ['In de winkel kost hij 25 euro'],
      offer: { total: 1000, hiddenReason: null, isCurrent: true },
      product: { id: t.existingProductId, name: 'Bestaand product' },
      store: { id: t.storeId, name: 'Winkel' },
    });
    expect(new Date(group.firstReportedAt).getTime()).toBeLessThanOrEqual(new Date(group.lastReportedAt).getTime());
    const [times] = await t.database.query<{ first: Date; last: Date }>(
      'select min(created_at) as first, max(created_at) as last from price_reports where price_id = $1',
      [reportedOffer],
    );
    expect(group.firstReportedAt).toBe(times!.first.toISOString());
    expect(group.lastReportedAt).toBe(times!.last.toISOString());
    const byCount = (await admin('GET', '/admin/price-reports?sortBy=count&sortOrder=desc')).json().priceReports;
    expect(byCount.map((row: { count: number }) => row.count)).toEqual([3, 1]);
  });

  it('refuses bad input with 400 naming the field, and unknown offers with 404', async () => {
    const badReason = await report(reportedOffer, { reason: 'too-expensive' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error).toBe('Invalid reason');
    expect((await report(reportedOffer, {})).json().error).toBe('Invalid reason');
    const longNote = await report(reportedOffer, { reason: 'other', note: 'x'.repeat(501) });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json().error).toBe('Invalid note');
    expect((await report(99999, { reason: 'other' })).json()).toEqual({ error: 'Offer not found' });
    expect((await admin('GET', '/admin/price-reports?sortBy=name')).json().error).toBe('Invalid sortBy');
    expect((await admin('POST', '/admin/price-reports/abc/hide')).json().error).toBe('Invalid id');
    expect((await admin('POST', '/admin/price-reports/99999/hide')).json()).toEqual({ error: 'Price not found' });
  });

  it('limits how many reports one client sends (429), without counting other clients', async () => {
    for (let i = 0; i < MAX_PRICE_REPORTS_PER_HOUR; i += 1)
      expect((await report(otherOffer, { reason: 'other' }, { ip: '198.51.100.7' })).statusCode).toBe(201);
    const refused = await report(otherOffer, { reason: 'other' }, { ip: '198.51.100.7' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/Too many requests/);
    expect((await report(otherOffer, { reason: 'other' }, { ip: '198.51.100.8' })).statusCode).toBe(201);
  });

  it('limits a store manager to the reports of their stores; visitors get 401/403', async () => {
    const queue = (await admin('GET', '/admin/price-reports', manager)).json().priceReports;
    expect(queue.map((row: { priceId: number }) => row.priceId)).toEqual([otherOffer]);
    expect((await admin('GET', `/admin/price-reports?storeId=${t.storeId}`, manager)).json().priceReports).toEqual([]);
    expect((await admin('POST', `/admin/price-reports/${reportedOffer}/hide`, manager)).statusCode).toBe(403);
    expect((await admin('POST', `/admin/price-reports/${reportedOffer}/dismiss`, manager)).statusCode).toBe(403);
    expect((await admin('GET', '/admin/price-reports', null)).statusCode).toBe(401);
    expect((await admin('GET', '/admin/price-reports', shopper)).statusCode).toBe(403);
    expect((await admin('POST', `/admin/price-reports/${otherOffer}/hide`, shopper)).statusCode).toBe(403);
    // Still reported and shown.
    expect((await productPage()).prices).toHaveLength(2);
  });

  it('a hidden reported offer is not the lowest price, nor shown among the offers, in lists, search or store filters', async () => {
    expect((await productPage()).prices[0]).toMatchObject({ id: reportedOffer, total: 1000, isLowest: true });
    expect((await listed('search=Bestaand'))[0]!.lowestPrice).toMatchObject({ id: reportedOffer, total: 1000 });

    const hidden = await admin('POST', `/admin/price-reports/${reportedOffer}/hide`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ priceId: reportedOffer, resolvedReports: 3, hiddenReason: 'reported' });

    const page = await productPage();
    expect(page.prices.map((offer: { id: number }) => offer.id)).toEqual([otherOffer]);
    expect(page.prices[0]).toMatchObject({ total: 1500, isLowest: true });
    expect(page).toMatchObject({ offerCount: 1, highestPrice: 1500, _count: { prices: 1 } });
    expect(page.lowestPrice).toMatchObject({ id: otherOffer, total: 1500 });
    expect((await listed('search=Bestaand'))[0]!.lowestPrice).toMatchObject({ id: otherOffer, total: 1500 });
    expect((await listed(`sortBy=lowestPrice.total&sortOrder=asc`)).find((p) => p.id === t.existingProductId)!.lowestPrice!.total).toBe(1500);
    expect(await listed(`filters=${encodeURIComponent(JSON.stringify({ storeId: t.storeId }))}`)).toEqual([]);
    // The price went up for visitors: no price drop to show.
    const drops = await listed('sortBy=priceChange&sortOrder=asc');
    expect(drops.find((p) => p.id === t.existingProductId)).toMatchObject({ priceChange: 500 });

    // Nobody is sent to it, and it cannot be reported again.
    const clickOut = await t.app.inject({
      method: 'POST',
      url: '/api/prices/log-redirect',
      payload: {
        timestamp: new Date().toISOString(),
        user: { isLoggedIn: false },
        product: { id: t.existingProductId },
        store: { id: t.storeId },
        pricing: { current: 1000 },
        redirectUrl: 'https://awin.example/A',
        priceId: reportedOffer,
      },
    });
    expect(clickOut.statusCode).toBe(404);
    expect((await report(reportedOffer, { reason: 'other' })).json()).toEqual({ error: 'Offer not found' });

    // The queue keeps only the other offer; the audit trail has the decision.
    const queue = (await admin('GET', '/admin/price-reports')).json().priceReports;
    expect(queue.map((row: { priceId: number }) => row.priceId)).toEqual([otherOffer]);
    expect((await admin('POST', `/admin/price-reports/${reportedOffer}/hide`)).statusCode).toBe(409);
    const audit = (await admin('GET', '/admin/audit?entity=price')).json();
    expect(JSON.stringify(audit)).toContain('hide-reported');
  });

  it('shows the offer again after the next import of its feed that carries it', async () => {
    t.place('winkel/prices.csv', csv('10.00'));
    expect((await importFeed()).status).toBe('succeeded');
    const page = await productPage();
    expect(page.prices.map((offer: { id: number }) => offer.id)).toEqual([reportedOffer, otherOffer]);
    expect(page.prices[0]).toMatchObject({ total: 1000, isLowest: true });
    expect((await listed('search=Bestaand'))[0]!.lowestPrice).toMatchObject({ id: reportedOffer, total: 1000 });
  });

  it('dismisses reports without touching the offer (a store manager on their own store)', async () => {
    const dismissed = await admin('POST', `/admin/price-reports/${otherOffer}/dismiss`, manager);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ priceId: otherOffer, resolvedReports: 1 + MAX_PRICE_REPORTS_PER_HOUR + 1, hiddenReason: null });
    expect((await admin('GET', '/admin/price-reports')).json().pagination.totalItems).toBe(0);
    expect((await productPage()).prices).toHaveLength(2);
    const [resolved] = await t.database.query<{ resolution: string; resolved_by: number }>(
      'select distinct resolution, resolved_by from price_reports where price_id = $1',
      [otherOffer],
    );
    expect(resolved).toEqual({ resolution: 'dismissed', resolved_by: manager.id });
  });
});
