import { createFeedTestApp, EXISTING_EAN, type FeedTestContext } from '../../../test/feed-test-app';

const csv = (rows: string[]) =>
  ['merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category', ...rows].join('\n');
const row = (id: string, name: string, price: string, ean = '') =>
  `${id},${name},${price},0.00,${ean},https://awin.example/${id},Audio > Speakers`;

describe('feed runs: re-import, price changes, expiry', () => {
  let t: FeedTestContext;
  let feedId: number;
  beforeAll(async () => {
    t = await createFeedTestApp();
    t.place('winkel/prices.csv', csv([row('A', 'Speaker A', '10.00', EXISTING_EAN), row('B', 'Speaker B', '"20,00"'), row('C', 'Speaker C', '30.00')]));
    feedId = (await t.createFeed({ name: 'prices', importer: 'awin', path: 'winkel/prices.csv' })).id;
  });
  afterAll(() => t.close());

  const offers = () =>
    t.database.query<{ external_id: string; total: number; valid_to: Date | null; price_change: number | null; percentage_change: number | null; product_id: number }>(
      'select external_id, total, valid_to, price_change, percentage_change, product_id from prices order by external_id',
    );

  it('creates offers and products on the first run', async () => {
    const run = await t.run(feedId);
    expect(run.failureReason).toBeNull();
    expect(run).toMatchObject({ status: 'succeeded', recordsRead: 3, offersCreated: 3, offersUpdated: 0, productsCreated: 2, recordsRejected: 0 });
    const rows = await offers();
    expect(rows.map((r) => [r.external_id, r.total])).toEqual([['A', 1000], ['B', 2000], ['C', 3000]]);
    expect(rows[0]!.product_id).toBe(t.existingProductId);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await t.database.query('select id, total, valid_from, price_change from prices order by id');
    const run = await t.run(feedId);
    expect(run).toMatchObject({ status: 'succeeded', offersCreated: 0, offersUpdated: 0, offersUnchanged: 3, offersExpired: 0, productsCreated: 0 });
    expect(await t.database.query('select id, total, valid_from, price_change from prices order by id')).toEqual(before);
    const [history] = await t.database.query<{ n: number }>('select count(*)::int as n from price_history');
    expect(history!.n).toBe(3);
  });

  it('appends history and sets the change when a price changes; expires offers missing from the file', async () => {
    t.place('winkel/prices.csv', csv([row('A', 'Speaker A', '8.00', EXISTING_EAN), row('B', 'Speaker B', '20.00')]));
    const run = await t.run(feedId);
    expect(run).toMatchObject({ status: 'succeeded', offersCreated: 0, offersUpdated: 1, offersUnchanged: 1, offersExpired: 1 });
    const [a, b, c] = await offers();
    expect(a).toMatchObject({ total: 800, price_change: -200, percentage_change: -20, valid_to: null });
    expect(b).toMatchObject({ total: 2000, price_change: null, valid_to: null });
    expect(c!.valid_to).not.toBeNull();
    const history = await t.database.query<{ total: number }>(
      'select h.total from price_history h join prices p on p.id = h.price_id where p.external_id = $1 order by h.id',
      ['A'],
    );
    expect(history.map((h) => h.total)).toEqual([1000, 800]);
    const [product] = await t.database.query<{ lowest_total: number; price_change: number; percentage_change: number }>(
      'select lowest_total, price_change, percentage_change from product_prices where product_id = $1',
      [t.existingProductId],
    );
    expect(product).toMatchObject({ lowest_total: 800, price_change: -200, percentage_change: -20 });
    const [expiredProduct] = await t.database.query<{ lowest_total: number | null; offer_count: number }>(
      'select lowest_total, offer_count from product_prices where product_id = $1',
      [c!.product_id],
    );
    expect(expiredProduct).toEqual({ lowest_total: null, offer_count: 0 });
  });

  it('lists the runs of a feed newest first and shows one run', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/store-feeds/${feedId}/runs`, headers: t.auth });
    expect(response.statusCode).toBe(200);
    const { runs, pagination } = response.json();
    expect(pagination.totalItems).toBe(3);
    expect(runs[0].id).toBeGreaterThan(runs[1].id);
    const one = await t.app.inject({ method: 'GET', url: `/api/feed-runs/${runs[0].id}`, headers: t.auth });
    expect(one.json()).toMatchObject({ id: runs[0].id, status: 'succeeded', offersExpired: 1 });
  });
});
