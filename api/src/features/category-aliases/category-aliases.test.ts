import type { TestContext } from '../../../test/helpers';
import { openCatalogueTestApp, seedAliases, type Catalogue } from '../../../test/catalogue';
import { createTestUser, type TestUser } from '../../../test/auth';

let ctx: TestContext;
let data: Catalogue;
let aliases: Awaited<ReturnType<typeof seedAliases>>;
let admin: TestUser;

beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
  aliases = await seedAliases(ctx.app.db, data);
  admin = await createTestUser(ctx.app, { role: 'admin' });
});
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await ctx.app.inject({ method, url, payload, headers: admin.headers });
  return { status: response.statusCode, body: response.json() };
};
const slugsOf = (alias: { categoryAliasCategories: { category: { slug: string } }[] }) => alias.categoryAliasCategories.map((link) => link.category.slug);
const productIdsIn = async (slug: string) =>
  ((await call('GET', `/api/products?category=${slug}&limit=100`)).body.products as { id: number }[]).map((p) => p.id).sort();

describe('GET /api/category-aliases', () => {
  it('lists aliases by path with categories and product counts, searched and paged', async () => {
    const all = await call('GET', '/api/category-aliases?page=1&limit=2');
    expect(all.body.categoryAliases.map((a: { path: string }) => a.path)).toEqual(['Tuin > Waslijnen', 'Witgoed > Drogers']);
    expect(all.body.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 3, itemsPerPage: 2 });
    const found = await call('GET', `/api/category-aliases?filters=${encodeURIComponent('{"search":"wasmach"}')}`);
    expect(found.body.categoryAliases).toEqual([
      {
        id: aliases.wasmachinesPath.id,
        path: 'Witgoed > Wasmachines',
        createdAt: expect.any(String),
        categoryAliasCategories: [{ categoryId: data.categories.wasmachines.id, category: { id: data.categories.wasmachines.id, name: 'Wasmachines', slug: 'wasmachines' } }],
        _count: { products: 2 },
      },
    ]);
    expect((await call('GET', '/api/category-aliases?search=drog')).body.categoryAliases).toHaveLength(1);
  });

  it('shows one alias and its products; an unknown one is not found', async () => {
    expect((await call('GET', `/api/category-aliases/${aliases.drogersPath.id}`)).body.path).toBe('Witgoed > Drogers');
    const products = await call('GET', `/api/category-aliases/${aliases.wasmachinesPath.id}/products?page=1&limit=20`);
    expect(products.body.products.map((p: { id: number }) => p.id).sort()).toEqual([data.products.bosch.id, data.products.miele.id].sort());
    expect(await call('GET', '/api/category-aliases/999999')).toEqual({ status: 404, body: { error: 'Category alias not found.' } });
  });

  it("lists a product's aliases with their categories", async () => {
    const { body } = await call('GET', `/api/products/${data.products.bosch.id}/category-aliases`);
    expect(body.categoryAliases.map((a: { path: string }) => a.path)).toEqual(['Witgoed > Wasmachines']);
    expect(slugsOf(body.categoryAliases[0])).toEqual(['wasmachines']);
  });
});

describe('connect and disconnect', () => {
  it('reassigning an alias moves its products (disconnect, then connect)', async () => {
    const { samsung } = data.products;
    const alias = aliases.drogersPath.id;
    const disconnected = await call('DELETE', `/api/category-aliases/${alias}/disconnect`, { categoryId: data.categories.drogers.id });
    expect(slugsOf(disconnected.body)).toEqual(['overig']);
    expect(await productIdsIn('drogers')).toEqual([data.products.boschDroger.id]);
    expect(await productIdsIn('overig')).toContain(samsung.id);
    const connected = await call('PUT', `/api/category-aliases/${alias}/connect`, { categoryId: data.categories.wassen.id });
    expect(slugsOf(connected.body)).toEqual(['wassen']);
    expect(await productIdsIn('wassen')).toEqual([samsung.id]);
    expect(await productIdsIn('overig')).not.toContain(samsung.id);
    expect((await call('PUT', `/api/category-aliases/${alias}/connect`, { categoryId: 999999 })).body).toEqual({
      error: 'Invalid categoryId',
      details: 'categoryId: unknown category',
    });
    expect((await call('PUT', '/api/category-aliases/999999/connect', { categoryId: data.categories.wassen.id })).status).toBe(404);
  });
});

describe('bulk alias assignment', () => {
  it('lists unmapped (Overig) aliases first, then by offers', async () => {
    const { body } = await call('GET', '/api/category-aliases/bulk/all');
    expect(body.categoryAliases[0]).toEqual({
      id: aliases.unmappedPath.id,
      path: 'Tuin > Waslijnen',
      categoryId: data.categories.overig.id,
      category: { id: data.categories.overig.id, name: 'Overig', slug: 'overig' },
      productCount: 1,
      offerCount: 1,
    });
    expect(body.categoryAliases.slice(1).map((a: { offerCount: number }) => a.offerCount)).toEqual([4, 1]);
  });

  it('saves the changed rows, mapping an unmapped alias brings its products into the category', async () => {
    const { body } = await call('POST', '/api/category-aliases/bulk/update', {
      assignments: [
        { aliasId: aliases.unmappedPath.id, categoryId: data.categories.koffie.id },
        { aliasId: 999999, categoryId: data.categories.koffie.id },
      ],
    });
    expect(body.summary).toEqual({ successful: 1, failed: 1 });
    expect(body.results[1]).toEqual({ aliasId: 999999, success: false, error: 'Category alias not found.' });
    expect(await productIdsIn('koffie')).toContain(data.products.waslijn.id);
    expect(await productIdsIn('overig')).not.toContain(data.products.waslijn.id);
    const alias = await call('GET', `/api/category-aliases/${aliases.unmappedPath.id}`);
    expect(slugsOf(alias.body)).toEqual(['koffie']);
    expect((await call('POST', '/api/category-aliases/bulk/update', { assignments: [] })).body.summary).toEqual({ successful: 0, failed: 0 });
  });
});
