/**
 * Each admin role's home: the sections it handles, and a store manager's limited to their stores.
 */
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser, type TestUser } from '../../../test/auth';
import { categoryAliases, feedRuns, priceReports, prices, productCategoryAliases, productPrices, products, storeFeeds, stores } from '../../db/schema';

describe('GET /api/admin/overview', () => {
  let t: TestContext;
  let admin: TestUser;
  let merchandiser: TestUser;
  let manager: TestUser;
  let visitor: TestUser;
  const ids = { own: 0, other: 0, ownFeed: 0, otherFeed: 0, ownHeld: 0, otherHeld: 0, ownReported: 0, otherReported: 0, alias: 0, loose: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [own, other] = await db
      .insert(stores)
      .values([
        { name: 'Eigen Winkel', slug: 'eigen', url: 'https://eigen.example' },
        { name: 'Andere Winkel', slug: 'ander', url: 'https://ander.example' },
      ])
      .returning();
    ids.own = own!.id;
    ids.other = other!.id;
    const [ownFeed, otherFeed] = await db
      .insert(storeFeeds)
      .values([
        { storeId: ids.own, name: 'Eigen feed', importer: 'awin', path: 'eigen/feed.csv' },
        { storeId: ids.other, name: 'Andere feed', importer: 'awin', path: 'ander/feed.csv' },
      ])
      .returning();
    ids.ownFeed = ownFeed!.id;
    ids.otherFeed = otherFeed!.id;
    // Two runs of the own feed: the overview shows the last one.
    await db.insert(feedRuns).values({ feedId: ids.ownFeed, status: 'succeeded', finishedAt: new Date() });
    await db.insert(feedRuns).values({ feedId: ids.ownFeed, status: 'failed', finishedAt: new Date() });
    await db.insert(feedRuns).values({ feedId: ids.otherFeed, status: 'succeeded', finishedAt: new Date() });

    const [speaker, loose] = await db
      .insert(products)
      .values([
        { name: 'Speaker', slug: 'speaker' },
        { name: 'Losse kabel', slug: 'losse-kabel' },
      ])
      .returning();
    await db.update(productPrices).set({ offerCount: 2 }).where(eq(productPrices.productId, speaker!.id));
    await db.update(productPrices).set({ offerCount: 1 }).where(eq(productPrices.productId, loose!.id));
    ids.loose = loose!.id;
    // One offer per product and store: held prices on the speaker, reported ones on the cable.
    const offer = (storeId: number, total: number, hidden: boolean) => ({
      productId: hidden ? speaker!.id : loose!.id,
      storeId,
      amount: total,
      total,
      url: `https://shop.example/${storeId}/${total}`,
      hiddenReason: hidden ? ('implausible' as const) : null,
    });
    const [ownHeld, otherHeld, ownReported, otherReported] = await db
      .insert(prices)
      .values([offer(ids.own, 100, true), offer(ids.other, 200, true), offer(ids.own, 5000, false), offer(ids.other, 6000, false)])
      .returning();
    ids.ownHeld = ownHeld!.id;
    ids.otherHeld = otherHeld!.id;
    ids.ownReported = ownReported!.id;
    ids.otherReported = otherReported!.id;
    await db.insert(priceReports).values([
      { priceId: ids.ownReported, reason: 'price-differs' as const },
      { priceId: ids.ownReported, reason: 'price-differs' as const },
      { priceId: ids.otherReported, reason: 'price-differs' as const },
    ]);
    const [alias] = await db.insert(categoryAliases).values({ path: 'Audio > Kabels' }).returning();
    ids.alias = alias!.id;
    await db.insert(productCategoryAliases).values({ productId: loose!.id, aliasId: ids.alias });

    admin = await createTestUser(t.app, { role: 'admin' });
    merchandiser = await createTestUser(t.app, { role: 'merchandiser' });
    manager = await createTestUser(t.app, { role: 'store_manager', storeIds: [ids.own] });
    visitor = await createTestUser(t.app, { role: 'user' });
  });
  afterAll(() => t.close());

  const overviewAs = (user: TestUser | null) =>
    t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: user ? user.headers : {} });

  it("gives a store manager their stores with each feed's last run, and the held prices and open reports of their stores only", async () => {
    const response = await overviewAs(manager);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['heldPrices', 'priceReports', 'stores']);
    expect(body.stores).toEqual({
      total: 1,
      entries: [
        {
          id: ids.own,
          name: 'Eigen Winkel',
          feeds: [{ id: ids.ownFeed, name: 'Eigen feed', lastRun: expect.objectContaining({ status: 'failed' }) }],
        },
      ],
    });
    expect(body.heldPrices.total).toBe(1);
    expect(body.heldPrices.entries).toEqual([
      expect.objectContaining({ priceId: ids.ownHeld, total: 100, store: { id: ids.own, name: 'Eigen Winkel' } }),
    ]);
    expect(body.priceReports).toEqual({
      total: 1,
      entries: [expect.objectContaining({ priceId: ids.ownReported, count: 2, store: { id: ids.own, name: 'Eigen Winkel' } })],
    });
    expect(JSON.stringify(body)).not.toContain('Andere');
  });

  it('gives a merchandiser the unmapped aliases by offer count, the held prices of every store and the products without a category', async () => {
    const response = await overviewAs(merchandiser);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['heldPrices', 'productsWithoutCategory', 'unmappedAliases']);
    expect(body.unmappedAliases).toEqual({
      total: 1,
      entries: [{ id: ids.alias, path: 'Audio > Kabels', offerCount: 1, productCount: 1 }],
    });
    expect(body.heldPrices.entries.map((entry: { priceId: number }) => entry.priceId).sort()).toEqual([ids.ownHeld, ids.otherHeld].sort());
    expect(body.productsWithoutCategory.total).toBe(2);
    expect(body.productsWithoutCategory.entries.map((entry: { name: string }) => entry.name)).toEqual(['Speaker', 'Losse kabel']);
  });

  it('gives an admin every section over every store', async () => {
    const body = (await overviewAs(admin)).json();
    expect(Object.keys(body).sort()).toEqual(['heldPrices', 'priceReports', 'productsWithoutCategory', 'stores', 'unmappedAliases']);
    expect(body.stores.entries.map((store: { name: string }) => store.name)).toEqual(['Andere Winkel', 'Eigen Winkel']);
    expect(body.priceReports.total).toBe(2);
    expect(body.heldPrices.total).toBe(2);
  });

  it('refuses visitors with an account and anonymous callers', async () => {
    expect((await overviewAs(visitor)).statusCode).toBe(403);
    expect((await overviewAs(null)).statusCode).toBe(401);
  });
});
