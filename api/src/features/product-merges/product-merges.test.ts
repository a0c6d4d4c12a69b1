import { sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/helpers';
import { openCatalogueTestApp, seedAliases, type Catalogue } from '../../../test/catalogue';
import { createTestUser, type TestUser } from '../../../test/auth';
import {
  priceHistory,
  prices,
  productCategories,
  productCategoryAliases,
  productIdentifiers,
  productImages,
  productProperties,
  products,
  wishlistItems,
} from '../../db/schema';
import { selectRows } from '../../db/sql';
import { refreshPriceSummaries } from '../offers/price-summary';

let ctx: TestContext;
let data: Catalogue;
let admin: TestUser;
let duplicateId: number;

const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await ctx.app.inject({ method, url, payload, headers: admin.headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};

/** Everything a product owns, read straight from the tables (independent of the code under test). */
async function stateOf(productId: number) {
  const rows = (query: ReturnType<typeof sql>) => selectRows<Record<string, unknown>>(ctx.app.db, query);
  return {
    product: await rows(sql`select (to_jsonb(p) - 'search_vector' - 'updated_at') || (to_jsonb(s) - 'product_id' - 'updated_at') as row
      from products p join product_prices s on s.product_id = p.id where p.id = ${productId}`),
    prices: await rows(sql`select to_jsonb(o) as row from prices o where product_id = ${productId} order by id`),
    history: await rows(sql`select to_jsonb(h) as row from price_history h where product_id = ${productId} order by id`),
    identifiers: await rows(sql`select to_jsonb(i) as row from product_identifiers i where product_id = ${productId} order by id`),
    images: await rows(sql`select to_jsonb(i) as row from product_images i where product_id = ${productId} order by id`),
    properties: await rows(sql`select to_jsonb(pp) as row from product_properties pp where product_id = ${productId} order by id`),
    categories: await rows(sql`select to_jsonb(pc) as row from product_categories pc where product_id = ${productId} order by category_id`),
    aliases: await rows(sql`select to_jsonb(a) as row from product_category_aliases a where product_id = ${productId} order by alias_id`),
    wishes: await rows(sql`select to_jsonb(w) as row from wishlist_items w where product_id = ${productId} order by id`),
  };
}

beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
  const aliases = await seedAliases(ctx.app.db, data);
  admin = await createTestUser(ctx.app, { role: 'admin' });
  const db = ctx.app.db;
  const { samsung } = data.products;
  const { mediamarkt, bol } = data.stores;
  // The same dryer again, as a second feed created it: the EAN in GTIN-14 form, an offer in a
  // store the original also sells in and one in another store, the same image URL, a clashing property.
  const [duplicate] = await db
    .insert(products)
    .values({ slug: 'samsung-warmtepompdroger-9kg', name: 'Samsung warmtepompdroger 9kg', brand: 'Samsung', description: 'Tweede feed', views: 7 })
    .returning();
  duplicateId = duplicate!.id;
  await db.insert(productIdentifiers).values([
    { productId: samsung.id, type: 'EAN', value: '8806094000005' },
    { productId: duplicateId, type: 'GTIN', value: '08806094000005' },
  ]);
  const [clashing, moving] = await db
    .insert(prices)
    .values([
      { productId: duplicateId, storeId: mediamarkt.id, amount: 81900, total: 81900, url: 'https://mm.example/dup' },
      { productId: duplicateId, storeId: bol.id, amount: 77900, shipping: 0, total: 77900, url: 'https://bol.example/dup' },
    ])
    .returning();
  await db.insert(priceHistory).values([
    { priceId: clashing!.id, productId: duplicateId, storeId: mediamarkt.id, amount: 83900, shipping: 0, total: 83900 },
    { priceId: moving!.id, productId: duplicateId, storeId: bol.id, amount: 79900, shipping: 0, total: 79900 },
  ]);
  await db.insert(productImages).values([
    { productId: samsung.id, url: 'https://img.example/samsung.jpg', isMain: true },
    { productId: duplicateId, url: 'https://img.example/samsung.jpg', isMain: true },
    { productId: duplicateId, url: 'https://img.example/samsung-open.jpg' },
  ]);
  await db.insert(productProperties).values([
    { productId: samsung.id, name: 'Vulgewicht', value: '9 kg' },
    { productId: duplicateId, name: 'vulgewicht', value: '9kg' },
    { productId: duplicateId, name: 'Energielabel', value: 'A+++' },
  ]);
  await db.insert(productCategories).values([
    { productId: duplicateId, categoryId: data.categories.drogers.id, sortOrder: 9 },
    { productId: duplicateId, categoryId: data.categories.koffie.id, sortOrder: 3 },
  ]);
  await db.insert(productCategoryAliases).values([{ productId: duplicateId, aliasId: aliases.unmappedPath.id }]);
  const both = await createTestUser(ctx.app, { role: 'user' });
  const one = await createTestUser(ctx.app, { role: 'user' });
  await db.insert(wishlistItems).values([
    { userId: both.id, productId: samsung.id, maxPrice: 70000 },
    { userId: both.id, productId: duplicateId, maxPrice: 65000 },
    { userId: one.id, productId: duplicateId, maxPrice: 60000 },
  ]);
  await refreshPriceSummaries(db, [samsung.id, duplicateId]);
  // The duplicate's usual price (the daily reference, features/deals) makes its lowest a deal.
  await db.execute(sql`update product_prices set reference_total = 90000 where product_id = ${duplicateId}`);
  await refreshPriceSummaries(db, [duplicateId]);
});
afterAll(() => ctx.close());

describe('possible duplicates', () => {
  it('finds the same EAN in another form and a similar name of the same brand', async () => {
    const { body } = await call('GET', `/api/admin/products/${data.products.samsung.id}/duplicates`);
    expect(body.products).toEqual([
      expect.objectContaining({ id: duplicateId, name: 'Samsung warmtepompdroger 9kg', reason: 'ean', offerCount: 2 }),
    ]);
    const [similar] = await ctx.app.db.insert(products).values({ slug: 'miele-wwd-120-wit', name: 'Miele WWD 120 wasmachine wit', brand: 'Miele' }).returning();
    const byName = await call('GET', `/api/admin/products/${data.products.miele.id}/duplicates`);
    expect(byName.body.products.map((p: { id: number; reason: string }) => [p.id, p.reason])).toEqual([[similar!.id, 'name']]);
    expect((await call('GET', `/api/admin/products/${data.products.philips.id}/duplicates`)).body.products).toEqual([]);
    expect((await call('GET', '/api/admin/products/999999/duplicates')).status).toBe(404);
  });
});

describe('merge and split', () => {
  it('merges everything into the kept product, answers 301 for the removed one, and a split restores both exactly', async () => {
    const { samsung } = data.products;
    const keptBefore = await stateOf(samsung.id);
    const removedBefore = await stateOf(duplicateId);

    const merged = await call('POST', `/api/admin/products/${samsung.id}/merge`, { sourceProductId: duplicateId });
    expect(merged.status).toBe(200);
    expect(merged.body.merge).toMatchObject({ keptProductId: samsung.id, removedProductId: duplicateId, removedSlug: 'samsung-warmtepompdroger-9kg', splitAt: null });
    const kept = merged.body.product;
    expect(kept.prices.map((p: { store: { name: string }; total: number }) => [p.store.name, p.total])).toEqual([
      ['bol', 77900],
      ['MediaMarkt', 79900],
    ]);
    expect(kept.productIds.map((i: { value: string }) => i.value).sort()).toEqual(['08806094000005', '8806094000005']);
    expect(kept.properties.map((p: { name: string }) => p.name)).toEqual(['Vulgewicht', 'Energielabel']);
    expect(kept.images.map((i: { url: string; main: boolean }) => [i.url, i.main])).toEqual([
      ['https://img.example/samsung.jpg', true],
      ['https://img.example/samsung-open.jpg', false],
    ]);
    expect(kept.categories.map((c: { slug: string }) => c.slug).sort()).toEqual(['drogers', 'koffie']);
    const history = await selectRows<{ n: number }>(ctx.app.db, sql`select count(*)::int as n from price_history where product_id = ${samsung.id}`);
    expect(history[0]!.n).toBe(1);
    const wishes = await selectRows<{ n: number }>(ctx.app.db, sql`select count(*)::int as n from wishlist_items where product_id = ${samsung.id}`);
    expect(wishes[0]!.n).toBe(2);

    const byId = await ctx.app.inject({ method: 'GET', url: `/api/products/${duplicateId}` });
    expect(byId.statusCode).toBe(301);
    expect(byId.headers.location).toBe(`/api/products/${samsung.id}`);
    expect(byId.headers['cache-control']).toBe('no-store');
    expect(byId.json()).toEqual({ error: 'Product merged', redirectTo: { id: samsung.id, slug: samsung.slug } });
    const bySlug = await ctx.app.inject({ method: 'GET', url: '/api/products/slug/samsung-warmtepompdroger-9kg' });
    expect(bySlug.statusCode).toBe(301);
    expect(bySlug.headers.location).toBe(`/api/products/slug/${samsung.slug}`);
    expect((await call('GET', `/api/admin/products/${samsung.id}/merges`)).body.merges).toHaveLength(1);

    const split = await call('POST', `/api/admin/product-merges/${merged.body.merge.id}/split`);
    expect(split.status).toBe(200);
    expect(split.body.restoredProduct).toMatchObject({ id: duplicateId, slug: 'samsung-warmtepompdroger-9kg' });
    expect(split.body.merge.splitAt).toEqual(expect.any(String));
    expect(await stateOf(samsung.id)).toEqual(keptBefore);
    expect(await stateOf(duplicateId)).toEqual(removedBefore);
    expect(removedBefore.product[0]).toMatchObject({ row: { reference_total: 90000, deal_percentage: 13.4, lowest_total: 77900, offer_count: 2 } });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${duplicateId}` })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/product-merges/${merged.body.merge.id}/split`)).status).toBe(409);
  });

  it('refuses merging a product into itself or an unknown one', async () => {
    const { samsung } = data.products;
    expect((await call('POST', `/api/admin/products/${samsung.id}/merge`, { sourceProductId: samsung.id })).body).toEqual({
      error: 'Invalid sourceProductId',
      details: 'sourceProductId: a product cannot be merged into itself',
    });
    expect((await call('POST', `/api/admin/products/${samsung.id}/merge`, { sourceProductId: 999999 })).status).toBe(400);
    expect((await call('POST', `/api/admin/products/${samsung.id}/merge`, { sourceProductId: 3_000_000_000 })).body.error).toBe('Invalid sourceProductId');
    expect((await call('POST', `/api/admin/products/999999/merge`, { sourceProductId: samsung.id })).status).toBe(404);
    expect((await call('POST', '/api/admin/product-merges/999999/split')).status).toBe(404);
  });
});
