import { eq, getTableColumns } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/helpers';
import { prices, productPrices, products, stores } from '../../db/schema';
import { productDetail } from '../products/product-detail';
import { refreshPriceSummaries } from './price-summary';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>['database']['db'];

/** The product's row with its price summary. */
const withSummary = (db: TestDatabase, id: number) =>
  db
    .select({ ...getTableColumns(products), ...getTableColumns(productPrices) })
    .from(products)
    .innerJoin(productPrices, eq(productPrices.productId, products.id))
    .where(eq(products.id, id));

/** A product offered by one store per total (stores A, B, C, …), in the order given. */
async function productOfferedAt(db: TestDatabase, totals: number[]) {
  const shops = await db
    .insert(stores)
    .values(totals.map((_, i) => ({ name: String.fromCharCode(65 + i), slug: `s${i}`, url: `https://s${i}.example` })))
    .returning();
  const [product] = await db.insert(products).values({ slug: 'p', name: 'P' }).returning();
  const offers = await db
    .insert(prices)
    .values(
      totals.map((total, i) => ({
        productId: product!.id,
        storeId: shops[i]!.id,
        amount: total,
        total,
        url: `https://s${i}.example/p`,
      })),
    )
    .returning();
  return { product: product!, stores: shops, offers };
}

describe('refreshPriceSummaries', () => {
  it('has a summary row for every product from its creation, and drops it with the product', async () => {
    const { database, dispose } = await openTestDatabase();
    const { db } = database;
    const [one] = await db.insert(products).values({ slug: 'een', name: 'Een' }).returning();
    await database.query("insert into products (slug, name) values ('twee', 'Twee'), ('drie', 'Drie')");
    const summaries = () =>
      database.query<{ name: string; offer_count: number; lowest_total: number | null }>(
        'select p.name, s.offer_count, s.lowest_total from products p left join product_prices s on s.product_id = p.id order by p.id',
      );
    expect(await summaries()).toEqual([
      { name: 'Een', offer_count: 0, lowest_total: null },
      { name: 'Twee', offer_count: 0, lowest_total: null },
      { name: 'Drie', offer_count: 0, lowest_total: null },
    ]);
    await db.delete(products).where(eq(products.id, one!.id));
    expect(await database.query('select count(*)::int as n from product_prices')).toEqual([{ n: 2 }]);
    await dispose();
  });

  it('tracks the lowest current offer and the change of the lowest total', async () => {
    const { database, dispose } = await openTestDatabase();
    const { db } = database;
    const [store1, store2] = await db
      .insert(stores)
      .values([
        { name: 'A', slug: 'a', url: 'https://a.example' },
        { name: 'B', slug: 'b', url: 'https://b.example' },
      ])
      .returning();
    const [product] = await db.insert(products).values({ slug: 'p', name: 'P' }).returning();
    const [offerA] = await db
      .insert(prices)
      .values([
        {
          productId: product!.id,
          storeId: store1!.id,
          amount: 1000,
          shipping: 0,
          total: 1000,
          url: 'https://a.example/p',
        },
        {
          productId: product!.id,
          storeId: store2!.id,
          amount: 1100,
          shipping: 195,
          total: 1295,
          url: 'https://b.example/p',
        },
      ])
      .returning();
    await refreshPriceSummaries(db, [product!.id]);
    let [row] = await withSummary(db, product!.id);
    expect(row).toMatchObject({
      lowestTotal: 1000,
      lowestStoreId: store1!.id,
      highestTotal: 1295,
      offerCount: 2,
      priceChange: null,
    });

    await db.update(prices).set({ amount: 800, total: 800 }).where(eq(prices.id, offerA!.id));
    await refreshPriceSummaries(db, [product!.id]);
    [row] = await withSummary(db, product!.id);
    expect(row).toMatchObject({ lowestTotal: 800, priceChange: -200, percentageChange: -20 });

    await db.update(prices).set({ validTo: new Date() });
    await refreshPriceSummaries(db, [product!.id]);
    [row] = await withSummary(db, product!.id);
    expect(row).toMatchObject({ lowestTotal: null, lowestPriceId: null, offerCount: 0 });
    await dispose();
  });

  it('moves a product’s updatedAt (its sitemap lastmod) only when its summary changes, without writing the product’s row', async () => {
    const { database, dispose } = await openTestDatabase();
    const { db } = database;
    const {
      product,
      offers: [lowest, middle],
    } = await productOfferedAt(db, [1000, 2000, 3000]);
    await refreshPriceSummaries(db, [product!.id]);
    const longAgo = new Date('2026-01-01T00:00:00Z');
    await db.update(products).set({ updatedAt: longAgo }).where(eq(products.id, product!.id));
    await db.update(productPrices).set({ updatedAt: null }).where(eq(productPrices.productId, product!.id));
    const versionOf = async () => (await database.query<{ xmin: string }>('select xmin::text from products where id = $1', [product!.id]))[0]!.xmin;
    const version = await versionOf();

    // A change of an offer that is neither the lowest nor the highest leaves the summary as it is.
    await db.update(prices).set({ amount: 2200, total: 2200 }).where(eq(prices.id, middle!.id));
    await refreshPriceSummaries(db, [product!.id]);
    let [row] = await withSummary(db, product!.id);
    expect(row).toMatchObject({ lowestTotal: 1000, highestTotal: 3000, offerCount: 3 });
    expect(new Date((await productDetail(db, product!.id)).updatedAt)).toEqual(longAgo);

    await db.update(prices).set({ amount: 900, total: 900 }).where(eq(prices.id, lowest!.id));
    await refreshPriceSummaries(db, [product!.id]);
    [row] = await withSummary(db, product!.id);
    expect(row).toMatchObject({ lowestTotal: 900, priceChange: -100 });
    expect(new Date((await productDetail(db, product!.id)).updatedAt).getTime()).toBeGreaterThan(longAgo.getTime());
    // The summary holds the change; the product's own row (and its fifteen indexes) is left alone.
    expect(await versionOf()).toBe(version);
    await dispose();
  });

  it('never counts a hidden offer (reported or implausible) as the lowest, highest or in the count', async () => {
    const { database, dispose } = await openTestDatabase();
    const { db } = database;
    const {
      product,
      stores: [, store2],
      offers: [cheapest, , dearest],
    } = await productOfferedAt(db, [500, 1000, 9000]);
    await db.update(prices).set({ hiddenReason: 'reported' }).where(eq(prices.id, cheapest!.id));
    await db.update(prices).set({ hiddenReason: 'implausible' }).where(eq(prices.id, dearest!.id));
    await refreshPriceSummaries(db, [product!.id]);
    let [row] = await withSummary(db, product!.id);
    expect(row).toMatchObject({ lowestTotal: 1000, lowestStoreId: store2!.id, highestTotal: 1000, offerCount: 1 });

    await db.update(prices).set({ hiddenReason: null });
    await refreshPriceSummaries(db, [product!.id]);
    [row] = await withSummary(db, product!.id);
    expect(row).toMatchObject({ lowestTotal: 500, lowestPriceId: cheapest!.id, highestTotal: 9000, offerCount: 3 });
    await dispose();
  });
});
