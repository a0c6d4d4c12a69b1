import { eq } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/helpers';
import { prices, products, stores } from '../../db/schema';
import { refreshPriceSummaries } from './price-summary';

describe('refreshPriceSummaries', () => {
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
        { productId: product!.id, storeId: store1!.id, amount: 1000, shipping: 0, total: 1000, url: 'https://a.example/p' },
        { productId: product!.id, storeId: store2!.id, amount: 1100, shipping: 195, total: 1295, url: 'https://b.example/p' },
      ])
      .returning();
    await refreshPriceSummaries(db, [product!.id]);
    let [row] = await db.select().from(products).where(eq(products.id, product!.id));
    expect(row).toMatchObject({ lowestTotal: 1000, lowestStoreId: store1!.id, highestTotal: 1295, offerCount: 2, priceChange: null });

    await db.update(prices).set({ amount: 800, total: 800 }).where(eq(prices.id, offerA!.id));
    await refreshPriceSummaries(db, [product!.id]);
    [row] = await db.select().from(products).where(eq(products.id, product!.id));
    expect(row).toMatchObject({ lowestTotal: 800, priceChange: -200, percentageChange: -20 });

    await db.update(prices).set({ validTo: new Date() });
    await refreshPriceSummaries(db, [product!.id]);
    [row] = await db.select().from(products).where(eq(products.id, product!.id));
    expect(row).toMatchObject({ lowestTotal: null, lowestPriceId: null, offerCount: 0 });
    await dispose();
  });
});
