import type { TestContext } from '../../../test/helpers';
import { openCatalogueTestApp, seedAliases, type Catalogue } from '../../../test/catalogue';
import { createTestUser, type TestUser } from '../../../test/auth';

let ctx: TestContext;
let data: Catalogue;
let admin: TestUser;

beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
  await seedAliases(ctx.app.db, data);
  admin = await createTestUser(ctx.app, { role: 'admin' });
});
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await ctx.app.inject({ method, url, payload, headers: admin.headers });
  return { status: response.statusCode, body: response.json() };
};

describe('POST /api/categories', () => {
  it('creates a root or child category with a unique slug from the name', async () => {
    const root = await call('POST', '/api/categories', { name: '  Audio  ', parentId: null });
    expect(root.status).toBe(201);
    expect(root.body).toMatchObject({ name: 'Audio', slug: 'audio', parentId: null });
    const child = await call('POST', '/api/categories', { name: 'Wassen', parentId: root.body.id });
    expect(child.body).toMatchObject({ name: 'Wassen', slug: 'wassen-2', parentId: root.body.id });
    const tree = await call('GET', `/api/categories/id/${root.body.id}`);
    expect(tree.body.childCategories.map((c: { slug: string }) => c.slug)).toEqual(['wassen-2']);
  });

  it('refuses a blank name and an unknown parent, naming the field', async () => {
    expect(await call('POST', '/api/categories', { name: '   ' })).toEqual({
      status: 400,
      body: { error: 'Invalid name', details: 'name: Name is required' },
    });
    const orphan = await call('POST', '/api/categories', { name: 'Wees', parentId: 999999 });
    expect(orphan).toEqual({ status: 400, body: { error: 'Invalid parentId', details: 'parentId: unknown category' } });
  });
});

describe('slugs of the site\'s own pages', () => {
  it('are never a category\'s: refused when given, stepped around when derived from the name', async () => {
    expect(await call('POST', '/api/categories', { name: 'Privacybeleid', slug: 'privacy' })).toEqual({
      status: 400,
      body: { error: 'Invalid slug', details: 'slug: /privacy is a page of the site' },
    });
    const derived = await call('POST', '/api/categories', { name: 'Search' });
    expect(derived.body).toMatchObject({ name: 'Search', slug: 'search-2' });
    const renamed = await call('PUT', `/api/categories/${derived.body.id}`, { slug: 'login' });
    expect(renamed).toEqual({ status: 400, body: { error: 'Invalid slug', details: 'slug: /login is a page of the site' } });
  });
});

describe('PUT and DELETE /api/categories/{id}', () => {
  it('renames and moves a category, but never under itself or a descendant', async () => {
    const { wassen, wasmachines, koffie } = data.categories;
    const renamed = await call('PUT', `/api/categories/${koffie.id}`, { name: 'Koffie & thee' });
    expect(renamed.body).toMatchObject({ id: koffie.id, name: 'Koffie & thee', slug: 'koffie' });
    const underChild = await call('PUT', `/api/categories/${wassen.id}`, { parentId: wasmachines.id });
    expect(underChild).toEqual({
      status: 400,
      body: { error: 'Invalid parentId', details: 'parentId: A category cannot be moved under itself or its descendants' },
    });
    expect((await call('PUT', `/api/categories/${wassen.id}`, { parentId: wassen.id })).status).toBe(400);
    expect((await call('PUT', `/api/categories/${wassen.id}`, { name: '' })).body.details).toBe('name: Name is required');
    expect((await call('PUT', `/api/categories/${wassen.id}`, { slug: 'koffie' })).body).toEqual({
      error: 'Invalid slug',
      details: 'slug: already used by another category',
    });
    expect((await call('PUT', '/api/categories/999999', { name: 'X' })).status).toBe(404);
    const moved = await call('PUT', `/api/categories/${koffie.id}`, { parentId: null });
    expect(moved.body.parentId).toBeNull();
    await call('PUT', `/api/categories/${koffie.id}`, { parentId: data.categories.huishouden.id, name: 'Koffie' });
  });

  it('deletes a category with its children; their products stay', async () => {
    const parent = await call('POST', '/api/categories', { name: 'Tijdelijk' });
    const child = await call('POST', '/api/categories', { name: 'Tijdelijk kind', parentId: parent.body.id });
    await call('POST', `/api/categories/${child.body.id}/products`, { productIds: [data.products.philips.id] });
    const deleted = await call('DELETE', `/api/categories/${parent.body.id}`);
    expect(deleted.body).toEqual({ deleted: true, deletedCategories: 2 });
    expect((await call('GET', `/api/categories/id/${child.body.id}`)).status).toBe(404);
    expect((await call('GET', `/api/products/${data.products.philips.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/categories/${data.categories.overig.id}`)).status).toBe(400);
  });
});

describe('category products and aliases', () => {
  it('lists the category products in manual order, 20 per page, with counts and lowest price', async () => {
    const { body } = await call('GET', `/api/categories/${data.categories.wasmachines.id}/products?page=1&limit=20`);
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(['Miele WWD 120 wasmachine', 'Bosch Serie 6 wasmachine 8 kg']);
    expect(body.products[1]).toMatchObject({ sortOrder: 2, _count: { prices: 3 }, storeCount: 3, lowestPrice: { amount: 62900, total: 63400 } });
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 2, itemsPerPage: 20 });
  });

  it('saves a new manual order', async () => {
    const { bosch, miele } = data.products;
    const saved = await call('PUT', `/api/categories/${data.categories.wasmachines.id}/products/sort-order`, {
      productOrders: [{ productId: bosch.id, sortOrder: 1 }, { productId: miele.id, sortOrder: 2 }],
    });
    expect(saved.body).toEqual({ updatedCount: 2 });
    const page = await call('GET', '/api/categories/page/wasmachines');
    expect(page.body.products.map((p: { id: number }) => p.id)).toEqual([bosch.id, miele.id]);
  });

  it('returns the aliases mapped onto a category, by path', async () => {
    const { body } = await call('GET', `/api/categories/id/${data.categories.wasmachines.id}`);
    expect(body.aliases).toEqual([{ id: expect.any(Number), path: 'Witgoed > Wasmachines', createdAt: expect.any(String), _count: { products: 2 } }]);
  });

  it('Delete All removes the links, not the products', async () => {
    const drogers = data.categories.drogers.id;
    expect((await call('DELETE', `/api/categories/${drogers}/products/all`)).body).toEqual({ removedCount: 2 });
    expect((await call('GET', `/api/categories/${drogers}/products`)).body.products).toEqual([]);
    expect((await call('GET', `/api/products/${data.products.samsung.id}`)).body.name).toBe('Samsung warmtepompdroger 9 kg');
    expect((await call('DELETE', '/api/categories/999999/products/all')).status).toBe(404);
  });
});

describe('export and import', () => {
  const withoutDate = ({ exportedAt: _date, ...rest }: { exportedAt?: string }) => rest;

  it('exports parents first with aliases, and Overig only when asked', async () => {
    const { body } = await call('GET', '/api/categories/export');
    const slugs = body.categories.map((c: { slug: string }) => c.slug);
    expect(slugs).not.toContain('overig');
    expect(slugs.indexOf('huishouden')).toBeLessThan(slugs.indexOf('wassen'));
    expect(slugs.indexOf('wassen')).toBeLessThan(slugs.indexOf('wasmachines'));
    expect(body.categories.find((c: { slug: string }) => c.slug === 'wasmachines')).toMatchObject({
      name: 'Wasmachines',
      parentSlug: 'wassen',
      aliases: ['Witgoed > Wasmachines'],
    });
    const all = await call('GET', '/api/categories/export?includeOverig=true');
    expect(all.body.categories.map((c: { slug: string }) => c.slug)).toContain('overig');
  });

  it('an imported export gives back the same tree', async () => {
    await call('PUT', `/api/categories/${data.categories.koffie.id}/settings`, { defaultDisplayType: 'rows', hideFromMenu: true });
    const original = (await call('GET', '/api/categories/export?includeOverig=true')).body;
    // Change the tree: rename, move, delete, add.
    await call('PUT', `/api/categories/${data.categories.wasmachines.id}`, { name: 'Wasautomaten', parentId: data.categories.huishouden.id });
    await call('DELETE', `/api/categories/${data.categories.drogers.id}`);
    await call('POST', '/api/categories', { name: 'Nieuw' });
    const imported = await call('POST', '/api/categories/import', { exportData: original, clearExisting: true });
    expect(imported.status).toBe(200);
    expect(imported.body.results.errors).toEqual([]);
    expect(imported.body.results.created).toBe(1);
    expect(imported.body.summary.totalAliases).toBe(3);
    const again = (await call('GET', '/api/categories/export?includeOverig=true')).body;
    expect(withoutDate(again)).toEqual(withoutDate(original));
    const withoutClear = await call('POST', '/api/categories/import', { exportData: original });
    expect(withoutClear.body.results).toEqual({ created: 0, updated: original.categories.length, errors: [] });
    expect(withoutDate((await call('GET', '/api/categories/export?includeOverig=true')).body)).toEqual(withoutDate(original));
  });

  it('reports entries whose parent is unknown and refuses what is not an export', async () => {
    const result = await call('POST', '/api/categories/import', {
      exportData: { version: 1, categories: [{ slug: 'los', name: 'Los', parentSlug: 'bestaat-niet' }] },
    });
    expect(result.body.results).toEqual({ created: 0, updated: 0, errors: [{ slug: 'los', error: 'parentSlug: unknown category bestaat-niet' }] });
    const wrong = await call('POST', '/api/categories/import', { exportData: { hello: 'world' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/^Invalid exportData/);
  });
});

describe('access', () => {
  it('refuses anonymous and non-admin callers on writes', async () => {
    const user = await createTestUser(ctx.app, { role: 'user' });
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/categories', payload: { name: 'X' } });
    expect(anonymous.statusCode).toBe(401);
    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/categories', payload: { name: 'X' }, headers: user.headers });
    expect(visitor.statusCode).toBe(403);
  });
});
