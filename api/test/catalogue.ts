/**
 * A small catalogue for the storefront API tests: a category tree with 'overig', three
 * stores, a handful of washing machines and other products with offers, with their prices. Users come from createTestUser (./auth).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { createTestApp, type TestContext } from './helpers';
import {
  categories,
  categoryAliasCategories,
  categoryAliases,
  prices,
  productCategoryAliases,
  productCategories,
  productIdentifiers,
  productImages,
  productProperties,
  products,
  stores,
} from '../src/db/schema';
import { refreshPriceSummaries } from '../src/features/offers/price-summary';

export async function seedCatalogue(db: Database) {
  const [coolblue, bol, mediamarkt] = await db
    .insert(stores)
    .values([
      { name: 'Coolblue', slug: 'coolblue', url: 'https://coolblue.example', logo: 'https://coolblue.example/logo.png' },
      { name: 'bol', slug: 'bol', url: 'https://bol.example' },
      { name: 'MediaMarkt', slug: 'mediamarkt', url: 'https://mediamarkt.example' },
    ])
    .returning();
  const [huishouden, overig] = await db
    .insert(categories)
    .values([
      { name: 'Huishouden', slug: 'huishouden' },
      { name: 'Overig', slug: 'overig' },
    ])
    .returning();
  const [wassen, koffie] = await db
    .insert(categories)
    .values([
      { name: 'Wassen', slug: 'wassen', parentId: huishouden!.id },
      { name: 'Koffie', slug: 'koffie', parentId: huishouden!.id },
    ])
    .returning();
  const [wasmachines, drogers] = await db
    .insert(categories)
    .values([
      { name: 'Wasmachines', slug: 'wasmachines', parentId: wassen!.id },
      { name: 'Drogers', slug: 'drogers', parentId: wassen!.id },
    ])
    .returning();

  const made = await db
    .insert(products)
    .values([
      { slug: 'bosch-serie-6-wasmachine', name: 'Bosch Serie 6 wasmachine 8 kg', brand: 'Bosch', description: 'Stille wasmachine met 1400 toeren. '.repeat(10), views: 40 },
      { slug: 'miele-wwd-wasmachine', name: 'Miele WWD 120 wasmachine', brand: 'Miele', description: 'Zuinige wasmachine', views: 90 },
      { slug: 'samsung-warmtepompdroger', name: 'Samsung warmtepompdroger 9 kg', brand: 'Samsung', description: 'Droger met warmtepomp', views: 10 },
      { slug: 'philips-koffiezetapparaat', name: 'Philips koffiezetapparaat', brand: 'Philips', description: 'Filterkoffie', views: 5 },
      { slug: 'losse-waslijn', name: 'Losse waslijn', brand: null, description: 'Alleen in overig', views: 1 },
      { slug: 'bosch-droger', name: 'Bosch droger zonder aanbod', brand: 'Bosch', description: null, views: 0 },
    ])
    .returning();
  const [bosch, miele, samsung, philips, waslijn, boschDroger] = made as [typeof made[0], typeof made[0], typeof made[0], typeof made[0], typeof made[0], typeof made[0]];

  await db.insert(productCategories).values([
    { productId: bosch.id, categoryId: wasmachines!.id, sortOrder: 2 },
    { productId: miele.id, categoryId: wasmachines!.id, sortOrder: 1 },
    { productId: samsung.id, categoryId: drogers!.id, sortOrder: 1 },
    { productId: boschDroger.id, categoryId: drogers!.id, sortOrder: 2 },
    { productId: philips.id, categoryId: koffie!.id, sortOrder: 1 },
    { productId: waslijn.id, categoryId: overig!.id, sortOrder: 1 },
  ]);

  const offer = (productId: number, storeId: number, amount: number, shipping = 0) => ({
    productId,
    storeId,
    amount,
    shipping,
    total: amount + shipping,
    url: `https://shop.example/${productId}/${storeId}`,
    deliveryTime: '1-2 werkdagen',
  });
  await db.insert(prices).values([
    offer(bosch.id, coolblue!.id, 64900),
    offer(bosch.id, bol!.id, 62900, 500),
    offer(bosch.id, mediamarkt!.id, 66900),
    offer(miele.id, coolblue!.id, 109900),
    offer(samsung.id, mediamarkt!.id, 79900),
    offer(philips.id, bol!.id, 4999, 395),
    offer(waslijn.id, bol!.id, 999),
  ]);
  await db.insert(productImages).values([
    { productId: bosch.id, url: 'https://img.example/bosch-side.jpg' },
    { productId: bosch.id, url: 'https://img.example/bosch-main.jpg', isMain: true },
    { productId: bosch.id, url: 'https://img.example/bosch-broken.jpg', isDisabled: true },
  ]);
  await db.insert(productProperties).values([{ productId: bosch.id, name: 'Vulgewicht', value: '8 kg' }]);
  await db.insert(productIdentifiers).values([{ productId: bosch.id, type: 'EAN', value: '4242005212345' }]);
  await refreshPriceSummaries(db, made.map((p) => p.id));
  // A price drop on the Miele: its lowest total falls from 109900 to 99900 (-9.1 %).
  await db.update(prices).set({ amount: 99900, total: 99900 }).where(eq(prices.productId, miele.id));
  await refreshPriceSummaries(db, [miele.id]);

  return {
    stores: { coolblue: coolblue!, bol: bol!, mediamarkt: mediamarkt! },
    categories: { huishouden: huishouden!, overig: overig!, wassen: wassen!, koffie: koffie!, wasmachines: wasmachines!, drogers: drogers! },
    products: { bosch, miele, samsung, philips, waslijn, boschDroger },
  };
}

/** A signed-in visitor: the user row and its bearer header. */

export type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;

/** A fresh app on a database holding the test catalogue. */
export async function openCatalogueTestApp(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<{ ctx: TestContext; data: Catalogue }> {
  const ctx = await createTestApp(overrides);
  return { ctx, data: await seedCatalogue(ctx.app.db) };
}

/**
 * Category aliases for the catalog admin tests: two store paths mapped onto Wasmachines and
 * Drogers, and one unmapped path still in Overig that brought the waslijn.
 */
export async function seedAliases(db: Database, data: Catalogue) {
  const [wasmachinesPath, drogersPath, unmappedPath] = await db
    .insert(categoryAliases)
    .values([{ path: 'Witgoed > Wasmachines' }, { path: 'Witgoed > Drogers' }, { path: 'Tuin > Waslijnen' }])
    .returning();
  await db.insert(categoryAliasCategories).values([
    { aliasId: wasmachinesPath!.id, categoryId: data.categories.wasmachines.id },
    { aliasId: drogersPath!.id, categoryId: data.categories.drogers.id },
    { aliasId: unmappedPath!.id, categoryId: data.categories.overig.id },
  ]);
  await db.insert(productCategoryAliases).values([
    { productId: data.products.bosch.id, aliasId: wasmachinesPath!.id },
    { productId: data.products.miele.id, aliasId: wasmachinesPath!.id },
    { productId: data.products.samsung.id, aliasId: drogersPath!.id },
    { productId: data.products.waslijn.id, aliasId: unmappedPath!.id },
  ]);
  return { wasmachinesPath: wasmachinesPath!, drogersPath: drogersPath!, unmappedPath: unmappedPath! };
}
