/**
 * Availability honoured: a record the feed marks out of stock is kept and shown,
 * marked out of stock, but is never the product's lowest price; back in stock, it can be.
 */
import { createFeedTestApp, EXISTING_EAN, type FeedTestContext } from '../../../test/feed-test-app';
import { prices, stores } from '../../db/schema';
import { createRun, executeRun } from '../feeds/runner';
import { refreshPriceSummaries } from './price-summary';

const header = 'merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,in_stock';

describe('offers out of stock', () => {
  let t: FeedTestContext;
  let feedId: number;
  beforeAll(async () => {
    t = await createFeedTestApp();
    const [other] = await t.database.db
      .insert(stores)
      .values({ name: 'Andere winkel', slug: 'andere-winkel', url: 'https://andere.example' })
      .returning();
    await t.database.db
      .insert(prices)
      .values({ productId: t.existingProductId, storeId: other!.id, amount: 5000, total: 5000, url: 'https://andere.example/p' });
    await refreshPriceSummaries(t.database.db, [t.existingProductId]);
    feedId = (await t.createFeed({ name: 'awin', importer: 'awin', path: 'winkel/stock.csv' })).id;
  });
  afterAll(() => t.close());

  const runWith = async (inStock: '0' | '1') => {
    t.place('winkel/stock.csv', `${header}\nA1,Goedkoop,30.00,0.00,${EXISTING_EAN},https://winkel.example/a1,${inStock}\n`);
    return executeRun(t.app, (await createRun(t.app, feedId, 'cli')).id);
  };
  const productPage = async () => (await t.app.inject({ method: 'GET', url: `/api/products/${t.existingProductId}` })).json();

  it('keeps an out-of-stock record, shows it marked, and never makes it the lowest price', async () => {
    const run = await runWith('0');
    expect(run).toMatchObject({ status: 'succeeded', offersCreated: 1, recordsRejected: 0 });
    expect(run.problems).toEqual([]);
    const page = await productPage();
    expect(page.lowestPrice).toMatchObject({ total: 5000, store: { name: 'Andere winkel' } });
    expect(page.prices.map((offer: { total: number; inStock: boolean; isLowest: boolean }) => [offer.total, offer.inStock, offer.isLowest])).toEqual([
      [5000, true, true],
      [3000, false, false],
    ]);
    const [summary] = await t.database.query<{ lowest_total: number; offer_count: number }>(
      'select lowest_total, offer_count from product_prices where product_id = $1',
      [t.existingProductId],
    );
    expect(summary).toEqual({ lowest_total: 5000, offer_count: 2 });
  });

  it('makes it the lowest price once the feed has it in stock again', async () => {
    const run = await runWith('1');
    expect(run).toMatchObject({ status: 'succeeded', offersUpdated: 1 });
    const page = await productPage();
    expect(page.lowestPrice).toMatchObject({ total: 3000, store: { name: 'Winkel' } });
    expect(page.prices[0]).toMatchObject({ total: 3000, inStock: true, isLowest: true });
  });
});
