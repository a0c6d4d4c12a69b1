import { createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';
import { categories, productCategories, products } from '../../db/schema';
import { refreshReferencePrices } from './repository';

/**
 * Honest deals: the reference price is the median of the daily lowest total over the previous
 * 30 days, a deal is today's lowest at least 5 % below it; /deals lists them best first; a feed's
 * "from" price stays only when the store charged it in the last 30 days.
 */
describe('honest deals', () => {
  let t: FeedTestContext;
  const ids: Record<'spike' | 'drop' | 'newcomer' | 'kitchenDrop', number> = { spike: 0, drop: 0, newcomer: 0, kitchenDrop: 0 };
  const offers: Partial<Record<keyof typeof ids, number>> = {};
  let audioId = 0;

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const setAmount = async (price: number, amount: number) => {
    const response = await t.app.inject({ method: 'PUT', url: `/api/prices/${price}`, headers: t.auth, payload: { amount } });
    expect(response.statusCode).toBe(200);
  };
  /** Moves an offer's history entries recorded in the last minute to `at` (an SQL timestamptz expression). */
  const backdateRecent = (price: number, at: string) =>
    t.database.query(`update price_history set recorded_at = ${at} where price_id = $1 and recorded_at > now() - interval '1 minute'`, [
      price,
    ]);
  const product = async (id: number) => (await get(`/api/products/${id}`)).json();

  beforeAll(async () => {
    t = await createFeedTestApp();
    const db = t.database.db;
    const [electronics, kitchen] = await db
      .insert(categories)
      .values([
        { name: 'Elektronica', slug: 'elektronica' },
        { name: 'Keuken', slug: 'keuken' },
      ])
      .returning();
    const [audio] = await db.insert(categories).values({ name: 'Audio', slug: 'audio', parentId: electronics!.id }).returning();
    audioId = audio!.id;
    const made = await db
      .insert(products)
      .values([
        { name: 'Speaker met prijspiek', slug: 'speaker-piek' },
        { name: 'Koptelefoon echt afgeprijsd', slug: 'koptelefoon-afgeprijsd' },
        { name: 'Nieuwe waterkoker', slug: 'nieuwe-waterkoker' },
        { name: 'Broodrooster afgeprijsd', slug: 'broodrooster-afgeprijsd' },
      ])
      .returning();
    [ids.spike, ids.drop, ids.newcomer, ids.kitchenDrop] = made.map((p) => p.id) as [number, number, number, number];
    await db.insert(productCategories).values([
      { productId: ids.spike, categoryId: audioId },
      { productId: ids.drop, categoryId: audioId },
      { productId: ids.newcomer, categoryId: kitchen!.id },
      { productId: ids.kitchenDrop, categoryId: kitchen!.id },
    ]);
    for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/prices',
        headers: t.auth,
        payload: { productId: ids[key], storeId: t.storeId, amount: key === 'newcomer' ? 15000 : 10000, url: `https://winkel.example/${key}` },
      });
      expect(response.statusCode).toBe(201);
      offers[key] = response.json().id;
    }
    // Listed at 100.00 for 40 days; the newcomer at 150.00 since 3 days.
    for (const key of ['spike', 'drop', 'kitchenDrop'] as const) await backdateRecent(offers[key]!, "now() - interval '40 days'");
    await backdateRecent(offers.newcomer!, "now() - interval '3 days'");
    // The spike: raised to 150.00 yesterday at noon (UTC).
    await setAmount(offers.spike!, 15000);
    await backdateRecent(offers.spike!, "(((now() at time zone 'UTC')::date - 1)::timestamp at time zone 'UTC') + interval '12 hours'");

    // The day's refresh of the references, then today's prices.
    await refreshReferencePrices(db);
    await setAmount(offers.spike!, 10000);
    await setAmount(offers.drop!, 8000);
    await setAmount(offers.newcomer!, 10000);
    await setAmount(offers.kitchenDrop!, 9000);
  });
  afterAll(() => t.close());

  it('a price raised yesterday and lowered today is no deal, though it is a price drop', async () => {
    const spike = await product(ids.spike);
    expect(spike).toMatchObject({ referencePrice: 10000, dealPercentage: null, priceChange: -5000, percentageChange: -33.3 });
  });

  it('a real drop below the 30-day median is a deal, scored against that median', async () => {
    expect(await product(ids.drop)).toMatchObject({ referencePrice: 10000, dealPercentage: 20 });
    expect(await product(ids.kitchenDrop)).toMatchObject({ referencePrice: 10000, dealPercentage: 10 });
  });

  it('a product with a few days of history has no usual price yet, so no deal', async () => {
    expect(await product(ids.newcomer)).toMatchObject({ referencePrice: null, dealPercentage: null, percentageChange: -33.3 });
  });

  it('GET /deals lists the deals best first, paged', async () => {
    const response = await get('/api/deals');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.products.map((p: { id: number }) => p.id)).toEqual([ids.drop, ids.kitchenDrop]);
    expect(body.products[0]).toMatchObject({ name: 'Koptelefoon echt afgeprijsd', dealPercentage: 20, referencePrice: 10000, lowestPrice: { total: 8000 } });
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 2, itemsPerPage: 20 });

    const second = (await get('/api/deals?limit=1&page=2')).json();
    expect(second.products.map((p: { id: number }) => p.id)).toEqual([ids.kitchenDrop]);
    expect(second.pagination).toEqual({ currentPage: 2, totalPages: 2, totalItems: 2, itemsPerPage: 1 });
  });

  it('filters by category, subcategories included, by slug or id', async () => {
    const idsOf = async (query: string) => (await get(`/api/deals?${query}`)).json().products.map((p: { id: number }) => p.id);
    expect(await idsOf('category=elektronica')).toEqual([ids.drop]);
    expect(await idsOf(`category=${audioId}`)).toEqual([ids.drop]);
    expect(await idsOf('category=keuken')).toEqual([ids.kitchenDrop]);
    expect((await get('/api/deals?category=bestaat-niet')).statusCode).toBe(404);
  });

  it('answers 400 naming the field on bad input', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['limit=1000', 'limit'],
      ['page=abc', 'page'],
      [`category=${'x'.repeat(300)}`, 'category'],
    ] as const) {
      const response = await get(`/api/deals?${query}`);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
  });

  it("keeps the homepage's top price drops as the spec says: percentageChange ascending", async () => {
    const response = await get('/api/products?limit=10&sortBy=percentageChange&sortOrder=asc&excludeUncategorized=true');
    const drops: { id: number; percentageChange: number }[] = response.json().products;
    expect(drops.slice(0, 3).map((p) => [p.id, p.percentageChange])).toEqual([
      [ids.spike, -33.3],
      [ids.newcomer, -33.3],
      [ids.drop, -20],
    ]);
  });

  it('the daily refresh moves a deal with its reference: a week later at the new price it is the usual price', async () => {
    // Thirty days at 80.00 before today: the median follows, so 80.00 is no longer a deal.
    await t.database.query(`update price_history set recorded_at = recorded_at - interval '31 days' where price_id = $1`, [offers.drop]);
    await refreshReferencePrices(t.database.db);
    expect(await product(ids.drop)).toMatchObject({ referencePrice: 8000, dealPercentage: null });
    expect((await get('/api/deals')).json().products.map((p: { id: number }) => p.id)).toEqual([ids.kitchenDrop]);
  });
});

describe('"from" prices from feeds', () => {
  let t: FeedTestContext;
  beforeAll(async () => {
    t = await createFeedTestApp();
  });
  afterAll(() => t.close());

  const feedCsv = (rows: string[]) =>
    ['merchant_product_id,product_name,search_price,product_price_old,aw_deep_link,merchant_category', ...rows].join('\n');

  it('keeps a "from" price the store charged in the last 30 days, drops and counts one it did not', async () => {
    t.place(
      'winkel/from.csv',
      feedCsv(['A,Blender A,100.00,,https://winkel.example/A,Keuken', 'B,Mixer B,50.00,,https://winkel.example/B,Keuken']),
    );
    const feed = await t.createFeed({ name: 'van-prijzen', importer: 'awin', path: 'winkel/from.csv', allowCreateProducts: true });
    const first = await t.run(feed.id);
    expect(first).toMatchObject({ status: 'succeeded', offersCreated: 2 });

    // A was 100.00 and now is 80.00 "from 100.00": true. B was always 50.00, "from 120.00": not.
    t.place(
      'winkel/from.csv',
      feedCsv(['A,Blender A,80.00,100.00,https://winkel.example/A,Keuken', 'B,Mixer B,50.00,120.00,https://winkel.example/B,Keuken']),
    );
    const run = await t.run(feed.id);
    expect(run).toMatchObject({ status: 'succeeded', offersUpdated: 1, offersUnchanged: 1 });

    const problems = (await t.app.inject({ method: 'GET', url: `/api/feed-runs/${run.id}/problems`, headers: t.auth })).json().problems;
    expect(problems).toEqual([{ reason: 'unverified-from-price', count: 1, examples: [{ position: 3, value: '120.00' }] }]);

    const offerOf = async (name: string) => {
      const [row] = await t.database.query<{ id: number }>('select id from products where name = $1', [name]);
      const page = (await t.app.inject({ method: 'GET', url: `/api/products/${row!.id}` })).json();
      return page.prices[0];
    };
    expect(await offerOf('Blender A')).toMatchObject({ amount: 8000, fromPrice: 10000 });
    expect(await offerOf('Mixer B')).toMatchObject({ amount: 5000, fromPrice: null });
  });

  it('drops a "from" price the store charged longer ago than 30 days', async () => {
    const [a] = await t.database.query<{ id: number }>("select id from prices where external_id = 'A'");
    // A charged 100.00 only until 40 days ago (80.00 since 35 days): a "from 100.00" is stale.
    await t.database.query(
      `update price_history set recorded_at = case when total = 10000 then now() - interval '50 days' else now() - interval '35 days' end where price_id = $1`,
      [a!.id],
    );
    t.place('winkel/from.csv', feedCsv(['A,Blender A,79.00,100.00,https://winkel.example/A,Keuken', 'B,Mixer B,50.00,,https://winkel.example/B,Keuken']));
    const [feed] = await t.database.query<{ id: number }>("select id from store_feeds where name = 'van-prijzen'");
    const run = await t.run(feed!.id);
    const problems = (await t.app.inject({ method: 'GET', url: `/api/feed-runs/${run.id}/problems`, headers: t.auth })).json().problems;
    expect(problems).toEqual([{ reason: 'unverified-from-price', count: 1, examples: [{ position: 2, value: '100.00' }] }]);
    const [offer] = await t.database.query<{ from_amount: number | null }>('select from_amount from prices where id = $1', [a!.id]);
    expect(offer!.from_amount).toBeNull();
  });
});
