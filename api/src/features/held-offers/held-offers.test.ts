/**
 * Implausible prices held, not shown: an Awin feed matching catalogue products
 * by EAN at prices far from the other stores' is applied hidden, listed among the run's problems,
 * never the lowest price nor a drop, and released by a merchandiser or store manager.
 */
import { createTestUser, type TestUser } from '../../../test/auth';
import { createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';
import { prices, productIdentifiers, products, stores } from '../../db/schema';
import { refreshPriceSummaries } from '../offers/price-summary';
import { createRun, executeRun } from '../feeds/runner';

/** A valid EAN-13 from 12 digits (the importers check the check digit). */
function ean(body: string): string {
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

const header = 'merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category,brand_name';
const row = (id: string, name: string, price: string, gtin: string) =>
  `${id},${name},${price},0.00,${gtin},https://awin.example/${id},Accessoires,Acme`;

describe('held prices', () => {
  let t: FeedTestContext;
  let merchandiser: TestUser;
  let ownManager: TestUser;
  let otherManager: TestUser;
  let visitor: TestUser;
  let feedId: number;
  const product: Record<string, { id: number; gtin: string }> = {};

  beforeAll(async () => {
    t = await createFeedTestApp();
    const db = t.database.db;
    const [a, b] = await db
      .insert(stores)
      .values([
        { name: 'Ander A', slug: 'ander-a', url: 'https://a.example' },
        { name: 'Ander B', slug: 'ander-b', url: 'https://b.example' },
      ])
      .returning();
    // name → the other stores' totals (cents)
    const catalogue: Record<string, number[]> = {
      vacuum: [52_700, 53_900], // a €527 robot vacuum
      cable: [1_000, 1_200], // a €10 cable
      lonely: [10_000], // one other offer only
      plain: [2_000, 2_200],
      split: [40_000, 42_000],
    };
    let n = 0;
    for (const [name, totals] of Object.entries(catalogue)) {
      const gtin = ean(`87200000${String(++n).padStart(4, "0")}`);
      const [created] = await db.insert(products).values({ name: `Product ${name}`, slug: name }).returning();
      await db.insert(productIdentifiers).values({ productId: created!.id, type: 'EAN', value: gtin });
      await db.insert(prices).values(
        totals.map((total, i) => ({
          productId: created!.id,
          storeId: [a!, b!][i]!.id,
          amount: total,
          total,
          url: `https://other.example/${name}/${i}`,
        })),
      );
      product[name] = { id: created!.id, gtin };
    }
    await refreshPriceSummaries(db, Object.values(product).map((p) => p.id));

    merchandiser = await createTestUser(t.app, { role: 'merchandiser' });
    ownManager = await createTestUser(t.app, { role: 'store_manager', storeIds: [t.storeId] });
    otherManager = await createTestUser(t.app, { role: 'store_manager', storeIds: [a!.id] });
    visitor = await createTestUser(t.app);

    t.place(
      'winkel/awin.csv',
      [
        header,
        row('V1', 'Stofzak voor robotstofzuiger', '23.94', product.vacuum!.gtin), // below a third of 533
        row('C1', 'Kabel in doos van 10', '40.00', product.cable!.gtin), // above three times 11
        row('L1', 'Eenling', '1.00', product.lonely!.gtin), // one other offer: not judged
        row('P1', 'Gewoon', '19.95', product.plain!.gtin), // plausible
        row('S1', 'Reserveborstel', '12.50', product.split!.gtin), // held, then split
      ].join('\n'),
    );
    feedId = (await t.createFeed({
      name: 'awin',
      importer: 'awin',
      path: 'winkel/awin.csv',
      parameters: { maxExpireRatio: 1 },
    })).id;
  });
  afterAll(() => t.close());

  /** One run of the feed to its end, as the CLI runs it. */
  const runFeed = async () => executeRun(t.app, (await createRun(t.app, feedId, 'cli')).id);
  const get = (url: string, headers: Record<string, string> = t.auth) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string> = t.auth) => t.app.inject({ method: 'POST', url, headers });
  const offerOf = async (productId: number) =>
    (
      await t.database.query<{ id: number; total: number; hidden_reason: string | null; valid_to: Date | null }>(
        'select id, total, hidden_reason, valid_to from prices where product_id = $1 and store_id = $2',
        [productId, t.storeId],
      )
    )[0];
  const summary = async (productId: number) =>
    (
      await t.database.query<{ lowest_total: number; offer_count: number; price_change: number | null }>(
        'select lowest_total, offer_count, price_change from product_prices where product_id = $1',
        [productId],
      )
    )[0]!;
  const storefrontOffers = async (productId: number) => {
    const response = await get(`/api/products/${productId}`, {});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    return (body.prices ?? body.product?.prices ?? []) as { total: number }[];
  };

  it('holds a record below a third or above three times the median of two or more other offers, and lists it as a problem', async () => {
    const run = await runFeed();
    expect(run.failureReason ?? null).toBeNull();
    expect(run).toMatchObject({ status: 'succeeded', offersCreated: 5, recordsRejected: 0 });

    expect(await offerOf(product.vacuum!.id)).toMatchObject({ total: 2394, hidden_reason: 'implausible', valid_to: null });
    expect(await offerOf(product.cable!.id)).toMatchObject({ total: 4000, hidden_reason: 'implausible' });
    expect(await offerOf(product.lonely!.id)).toMatchObject({ total: 100, hidden_reason: null });
    expect(await offerOf(product.plain!.id)).toMatchObject({ total: 1995, hidden_reason: null });

    // Never the lowest price, no drop, not among the visitor's offers, no history.
    expect(await summary(product.vacuum!.id)).toEqual({ lowest_total: 52_700, offer_count: 2, price_change: null });
    expect(await summary(product.lonely!.id)).toMatchObject({ lowest_total: 100, offer_count: 2 });
    expect(await summary(product.plain!.id)).toMatchObject({ lowest_total: 1995, offer_count: 3 });
    expect((await storefrontOffers(product.vacuum!.id)).map((offer) => offer.total)).toEqual([52_700, 53_900]);
    const vacuumOffer = await offerOf(product.vacuum!.id);
    expect(
      await t.database.query('select * from price_history where price_id = $1', [vacuumOffer!.id]),
    ).toEqual([]);

    const { problems } = (await get(`/api/feed-runs/${run.id}/problems`)).json();
    expect(problems).toContainEqual({
      reason: 'implausible-price',
      count: 3,
      examples: [
        { position: 2, value: '23.94 (median 533.00)' },
        { position: 3, value: '40.00 (median 11.00)' },
        { position: 6, value: '12.50 (median 410.00)' },
      ],
    });
  });

  it('lists the held prices with the median of the other offers, newest first', async () => {
    const response = await get('/api/held-prices?sortBy=productName&sortOrder=asc');
    expect(response.statusCode).toBe(200);
    const { heldOffers, pagination } = response.json();
    expect(pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 3, itemsPerPage: 20 });
    expect(heldOffers[0]).toMatchObject({
      total: 4000,
      medianTotal: 1100,
      otherOffers: 2,
      product: { id: product.cable!.id, name: 'Product cable', lowestTotal: 1000 },
      store: { id: t.storeId, name: 'Winkel' },
      feed: { id: feedId, name: 'awin' },
      record: { name: 'Kabel in doos van 10', brand: 'Acme', categoryPath: 'Accessoires' },
    });
    expect(heldOffers.map((offer: { product: { name: string } }) => offer.product.name)).toEqual([
      'Product cable',
      'Product split',
      'Product vacuum',
    ]);
  });

  it('lets merchandisers, the store manager of that store and admins release; nobody else', async () => {
    expect((await get('/api/held-prices', {})).statusCode).toBe(401);
    expect((await get('/api/held-prices', visitor.headers)).statusCode).toBe(403);
    expect((await get('/api/held-prices', merchandiser.headers)).json().pagination.totalItems).toBe(3);
    expect((await get('/api/held-prices', ownManager.headers)).json().pagination.totalItems).toBe(3);
    expect((await get('/api/held-prices', otherManager.headers)).json().pagination.totalItems).toBe(0);

    const vacuum = await offerOf(product.vacuum!.id);
    expect((await post(`/api/held-prices/${vacuum!.id}/accept`, visitor.headers)).statusCode).toBe(403);
    expect((await post(`/api/held-prices/${vacuum!.id}/accept`, otherManager.headers)).statusCode).toBe(403);
    expect((await post('/api/held-prices/999999/accept')).statusCode).toBe(404);
    expect((await post('/api/held-prices/abc/accept')).json()).toMatchObject({ error: expect.any(String) });
    const plain = await offerOf(product.plain!.id);
    expect((await post(`/api/held-prices/${plain!.id}/accept`)).statusCode).toBe(409);
    expect(await offerOf(product.vacuum!.id)).toMatchObject({ hidden_reason: 'implausible' });
  });

  it('accept: the offer is shown and can be the lowest; the same total is not held again', async () => {
    const vacuum = await offerOf(product.vacuum!.id);
    const response = await post(`/api/held-prices/${vacuum!.id}/accept`, merchandiser.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ priceId: vacuum!.id, decision: 'accept', productId: product.vacuum!.id });
    expect(await offerOf(product.vacuum!.id)).toMatchObject({ hidden_reason: null, total: 2394 });
    expect(await summary(product.vacuum!.id)).toMatchObject({ lowest_total: 2394, offer_count: 3 });
    expect((await storefrontOffers(product.vacuum!.id)).map((offer) => offer.total)).toContain(2394);

    const audit = await t.database.query<{ action: string; user_email: string }>(
      "select action, user_email from audit_records where entity = 'price' and entity_id = $1",
      [String(vacuum!.id)],
    );
    expect(audit).toEqual([{ action: 'accept-held', user_email: merchandiser.email }]);
  });

  it('reject: the offer is removed and stays removed while the feed repeats that total', async () => {
    const cable = await offerOf(product.cable!.id);
    const response = await post(`/api/held-prices/${cable!.id}/reject`, ownManager.headers);
    expect(response.statusCode).toBe(200);
    expect((await offerOf(product.cable!.id))!.valid_to).not.toBeNull();
    expect(await summary(product.cable!.id)).toMatchObject({ lowest_total: 1000, offer_count: 2 });
  });

  it('split: a new product from the record, the offer moved there and shown', async () => {
    const held = await offerOf(product.split!.id);
    const response = await post(`/api/held-prices/${held!.id}/split`, merchandiser.headers);
    expect(response.statusCode).toBe(200);
    const { productId } = response.json();
    expect(productId).not.toBe(product.split!.id);
    const [created] = await t.database.query<{ name: string; brand: string; lowest_total: number; offer_count: number }>(
      'select name, brand, lowest_total, offer_count from products p join product_prices pp on pp.product_id = p.id where p.id = $1',
      [productId],
    );
    expect(created).toEqual({ name: 'Reserveborstel', brand: 'Acme', lowest_total: 1250, offer_count: 1 });
    expect(await offerOf(product.split!.id)).toBeUndefined();
    expect(await summary(product.split!.id)).toMatchObject({ lowest_total: 40_000, offer_count: 2 });
    expect((await get(`/api/held-prices/${held!.id}/split`.replace('/split', ''))).statusCode).toBe(404);
  });

  it('a later run keeps every decision: accepted shown, rejected removed, split on its own product', async () => {
    const run = await runFeed();
    expect(run.status).toBe('succeeded');
    expect(await offerOf(product.vacuum!.id)).toMatchObject({ hidden_reason: null, valid_to: null, total: 2394 });
    expect((await offerOf(product.cable!.id))!.valid_to).not.toBeNull();
    const [moved] = await t.database.query<{ hidden_reason: string | null; valid_to: Date | null; name: string }>(
      `select p.hidden_reason, p.valid_to, pr.name from prices p join products pr on pr.id = p.product_id
       where p.store_id = $1 and p.external_id = 'S1'`,
      [t.storeId],
    );
    expect(moved).toEqual({ hidden_reason: null, valid_to: null, name: 'Reserveborstel' });
    expect(await offerOf(product.split!.id)).toBeUndefined();
    expect((await get('/api/held-prices')).json().pagination.totalItems).toBe(0);

    const { problems } = (await get(`/api/feed-runs/${run.id}/problems`)).json();
    expect(problems).toContainEqual({ reason: 'implausible-price', count: 1, examples: [{ position: 3, value: '40.00' }] });
  });

  it('a held price that becomes plausible is shown by the next run', async () => {
    // The cable again, now at a plausible price: a new total is judged afresh.
    t.place('winkel/awin.csv', [header, row('C1', 'Kabel', '11.50', product.cable!.gtin)].join('\n'));
    const run = await runFeed();
    expect(run.status).toBe('succeeded');
    expect(await offerOf(product.cable!.id)).toMatchObject({ total: 1150, hidden_reason: null, valid_to: null });
  });
});
