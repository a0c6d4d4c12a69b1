import { eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/helpers';
import { openCatalogueTestApp, type Catalogue } from '../../../test/catalogue';
import { createTestUser, type TestUser } from '../../../test/auth';
import { prices } from '../../db/schema';

let ctx: TestContext;
let data: Catalogue;
let admin: TestUser;

beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
  admin = await createTestUser(ctx.app, { role: 'admin' });
});
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await ctx.app.inject({ method, url, payload, headers: admin.headers });
  return { status: response.statusCode, body: response.json() };
};
const ids = (list: { id: number }[]) => list.map((item) => item.id);
const query = (filters: object) => `filters=${encodeURIComponent(JSON.stringify(filters))}`;

describe('PUT /api/products/{id}', () => {
  it('accepts a partial body: categoryIds alone, as the assign-categories modal sends it', async () => {
    const { philips } = data.products;
    const { status, body } = await call('PUT', `/api/products/${philips.id}`, { categoryIds: [data.categories.koffie.id, data.categories.wassen.id] });
    expect(status).toBe(200);
    expect(body.name).toBe('Philips koffiezetapparaat');
    expect(body.categoryIds.sort()).toEqual([data.categories.koffie.id, data.categories.wassen.id].sort());
    const renamed = await call('PUT', `/api/products/${philips.id}`, { name: 'Philips filterkoffiezetapparaat' });
    expect(renamed.body).toMatchObject({ name: 'Philips filterkoffiezetapparaat', slug: 'philips-koffiezetapparaat' });
    expect(renamed.body.categoryIds).toHaveLength(2);
    expect((await call('GET', `/api/products/slug/${philips.slug}`)).body.name).toBe('Philips filterkoffiezetapparaat');
  });

  it('names the field of a blank name or slug', async () => {
    const { philips } = data.products;
    expect(await call('PUT', `/api/products/${philips.id}`, { name: '  ' })).toEqual({ status: 400, body: { error: 'Invalid name', details: 'name: Name is required' } });
    expect((await call('PUT', `/api/products/${philips.id}`, { slug: '' })).body).toEqual({ error: 'Invalid slug', details: 'slug: Slug is required' });
    expect((await call('PUT', '/api/products/999999', { name: 'X' })).status).toBe(404);
  });
});

describe('POST /api/products and DELETE /api/admin/products/{id}', () => {
  it('creates a product with a derived slug and its identifiers, then deletes it', async () => {
    const created = await call('POST', '/api/products', {
      name: 'Sony WH-1000XM5 koptelefoon',
      brand: 'Sony',
      description: 'Ruisonderdrukking',
      identifiers: [{ type: 'ean', value: '4548736132610' }],
      categoryIds: [data.categories.koffie.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Sony WH-1000XM5 koptelefoon', slug: 'sony-wh-1000xm5-koptelefoon', brand: 'Sony', categoryIds: [data.categories.koffie.id] });
    expect(created.body.productIds).toEqual([{ id: expect.any(Number), type: 'EAN', value: '4548736132610' }]);
    const taken = await call('POST', '/api/products', { name: 'Kopie', identifiers: [{ type: 'EAN', value: '4548736132610' }] });
    expect(taken).toEqual({ status: 400, body: { error: 'Invalid identifiers', details: 'identifiers: this identifier belongs to another product' } });
    expect((await call('POST', '/api/products', { name: '' })).body.details).toBe('name: Name is required');
    expect((await call('DELETE', `/api/admin/products/${created.body.id}`)).body).toEqual({ deleted: true });
    expect((await call('GET', `/api/products/${created.body.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/products/${created.body.id}`)).status).toBe(404);
  });
});

describe('GET /api/admin/products/{id}', () => {
  it('reads the product without counting a view', async () => {
    const { miele } = data.products;
    const before = (await call('GET', `/api/admin/products/${miele.id}`)).body;
    const after = (await call('GET', `/api/admin/products/${miele.id}`)).body;
    expect(after).toMatchObject({ id: miele.id, name: 'Miele WWD 120 wasmachine', views: before.views });
    expect((await call('GET', '/api/admin/products/999999')).status).toBe(404);
  });
});

describe('the admin product list', () => {
  it('filters on has-no-category and has-no-offers and sorts by offers', async () => {
    const noCategory = await call('GET', '/api/products?excludeUncategorized=false&hasNoCategory=true&sortBy=name&sortOrder=asc');
    expect(ids(noCategory.body.products)).toEqual([data.products.waslijn.id]);
    const noOffers = await call('GET', `/api/products?${query({ hasNoOffers: true })}`);
    expect(ids(noOffers.body.products)).toEqual([data.products.boschDroger.id]);
    const byOffers = await call('GET', '/api/products?sortBy=offerCount&sortOrder=desc&limit=20');
    expect(byOffers.body.products[0].id).toBe(data.products.bosch.id);
    expect(byOffers.body.pagination.itemsPerPage).toBe(20);
    const boschInStore = await call('GET', `/api/products?brand=Bosch&storeId=${data.stores.coolblue.id}`);
    expect(ids(boschInStore.body.products)).toEqual([data.products.bosch.id]);
  });
});

describe('disconnect from all categories', () => {
  it('for a selection and for every product matching the filters, answering the counts', async () => {
    const { samsung, boschDroger, bosch, miele } = data.products;
    const selected = await call('DELETE', '/api/products/categories', { productIds: [samsung.id, boschDroger.id] });
    expect(selected.body).toEqual({ removedCount: 2, productCount: 2 });
    const matching = await call('DELETE', '/api/products/categories/all-matching', { filters: { category: 'wasmachines', brand: 'Miele' } });
    expect(matching.body).toEqual({ removedCount: 1, productCount: 1 });
    const left = await call('GET', '/api/products?category=wasmachines');
    expect(ids(left.body.products)).toEqual([bosch.id]);
    expect((await call('GET', `/api/products/${miele.id}`)).status).toBe(200);
    expect((await call('DELETE', '/api/products/categories/all-matching', { filters: { colour: 'red' } })).status).toBe(400);
    expect((await call('DELETE', '/api/products/categories', { productIds: [] })).status).toBe(400);
    expect((await call('DELETE', '/api/products/categories', { productIds: [3_000_000_000] })).body.error).toBe('Invalid productIds.0');
  });
});

describe('assign to categories', () => {
  it('for a selection and for every product matching the filters, answering the counts; existing links stay', async () => {
    const { samsung, boschDroger, miele } = data.products;
    const { koffie, wassen } = data.categories;
    const selected = await call('POST', '/api/products/categories', { productIds: [samsung.id, boschDroger.id], categoryIds: [koffie.id] });
    expect(selected).toEqual({ status: 200, body: { addedCount: 2, productCount: 2 } });
    expect((await call('POST', '/api/products/categories', { productIds: [samsung.id], categoryIds: [koffie.id] })).body).toEqual({ addedCount: 0, productCount: 0 });
    const matching = await call('POST', '/api/products/categories/all-matching', { filters: { brand: 'Miele' }, categoryIds: [koffie.id, wassen.id] });
    expect(matching.status).toBe(200);
    expect(matching.body.productCount).toBeGreaterThanOrEqual(1);
    const inKoffie = ids((await call('GET', `/api/products?category=koffie&limit=100`)).body.products);
    expect(inKoffie).toEqual(expect.arrayContaining([samsung.id, boschDroger.id, miele.id]));
    expect(inKoffie).not.toContain(data.products.bosch.id);
  });

  it('refuses an unknown or missing category with 400 naming the field, and writes nothing', async () => {
    const { bosch } = data.products;
    const unknown = await call('POST', '/api/products/categories', { productIds: [bosch.id], categoryIds: [999_999] });
    expect(unknown).toEqual({ status: 400, body: { error: 'Invalid categoryIds', details: 'categoryIds: unknown category' } });
    expect((await call('POST', '/api/products/categories', { productIds: [bosch.id], categoryIds: [] })).body.error).toBe('Invalid categoryIds');
    expect((await call('POST', '/api/products/categories/all-matching', { filters: { colour: 'red' }, categoryIds: [data.categories.koffie.id] })).status).toBe(400);
    const inKoffie = ids((await call('GET', `/api/products?category=koffie&limit=100`)).body.products);
    expect(inKoffie).not.toContain(bosch.id);
  });

  it('is for the catalog roles only', async () => {
    const manager = await createTestUser(ctx.app, { role: 'store_manager', storeIds: [data.stores.bol.id] });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/categories',
      headers: manager.headers,
      payload: { productIds: [data.products.bosch.id], categoryIds: [data.categories.koffie.id] },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('properties', () => {
  it('adds, edits and deletes a property with trimmed, required name and value', async () => {
    const { bosch } = data.products;
    const added = await call('POST', `/api/products/${bosch.id}/properties`, { name: ' Energielabel ', value: ' A ' });
    expect(added).toEqual({ status: 201, body: { property: { id: expect.any(Number), name: 'Energielabel', value: 'A' } } });
    expect((await call('POST', `/api/products/${bosch.id}/properties`, { name: 'Kleur', value: '  ' })).body).toEqual({
      error: 'Invalid value',
      details: 'value: Value is required',
    });
    const edited = await call('PUT', `/api/product-properties/${added.body.property.id}`, { name: 'Energieklasse', value: 'B' });
    expect(edited.body.property).toMatchObject({ name: 'Energieklasse', value: 'B' });
    expect((await call('DELETE', `/api/product-properties/${added.body.property.id}`)).body).toEqual({ deleted: true });
    expect((await call('DELETE', `/api/product-properties/${added.body.property.id}`)).status).toBe(404);
    const detail = await call('GET', `/api/products/${bosch.id}`);
    expect(detail.body.properties.map((p: { name: string }) => p.name)).toEqual(['Vulgewicht']);
  });
});

describe('GET /api/products/{id}/prices', () => {
  it('lists current offers, and with active=false the expired ones too', async () => {
    const { bosch } = data.products;
    await ctx.app.db.update(prices).set({ validTo: new Date() }).where(eq(prices.storeId, data.stores.mediamarkt.id));
    const current = await call('GET', `/api/products/${bosch.id}/prices`);
    expect(current.body.prices.map((p: { store: { name: string } }) => p.store.name)).toEqual(['bol', 'Coolblue']);
    const all = await call('GET', `/api/products/${bosch.id}/prices?active=false`);
    expect(all.body.prices).toHaveLength(3);
    expect(all.body.prices[2]).toMatchObject({ store: { name: 'MediaMarkt' }, validTo: expect.any(String) });
    expect((await call('GET', '/api/products/999999/prices')).status).toBe(404);
  });
});
