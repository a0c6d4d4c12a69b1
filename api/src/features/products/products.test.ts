import type { TestContext } from '../../../test/helpers';
import { openCatalogueTestApp, type Catalogue } from '../../../test/catalogue';
import { createTestUser } from '../../../test/auth';
import { flushViews } from './view-counter';

let ctx: TestContext;
let data: Catalogue;

beforeAll(async () => ({ ctx, data } = await openCatalogueTestApp()));
afterAll(() => ctx.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() };
};
const names = (body: { products: { name: string }[] }) => body.products.map((p) => p.name);

describe('GET /api/products', () => {
  it('pages with defaults and returns list rows with their lowest price and categories', async () => {
    const { status, body } = await get('/api/products?limit=2');
    expect(status).toBe(200);
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 3, totalItems: 6, itemsPerPage: 2 });
    const last = await get('/api/products?limit=4&page=2&sortBy=name&sortOrder=asc');
    expect(last.body.products).toHaveLength(2);
    expect(last.body.pagination).toEqual({ currentPage: 2, totalPages: 2, totalItems: 6, itemsPerPage: 4 });
    const searched = await get('/api/products?search=wasmachine&limit=1&page=2');
    expect(names(searched.body)).toEqual(['Miele WWD 120 wasmachine']);
    expect(searched.body.pagination).toEqual({ currentPage: 2, totalPages: 2, totalItems: 2, itemsPerPage: 1 });
    const { body: all } = await get('/api/products?sortBy=name&sortOrder=asc');
    const bosch = all.products.find((p: { id: number }) => p.id === data.products.bosch.id);
    expect(bosch.lowestPrice).toEqual({
      id: expect.any(Number),
      amount: 62900,
      shipping: 500,
      total: 63400,
      store: { id: data.stores.bol.id, name: 'bol', logo: null },
    });
    expect(bosch.categories).toEqual([{ id: data.categories.wasmachines.id, name: 'Wasmachines', slug: 'wasmachines' }]);
    expect(bosch.description).toHaveLength(153);
    expect(bosch.description.endsWith('...')).toBe(true);
    expect(bosch.properties).toBeUndefined();
  });

  it('sorts by price with products without an offer last, in both directions', async () => {
    const asc = await get('/api/products?sortBy=lowestPrice.total&sortOrder=asc');
    expect(names(asc.body)).toEqual([
      'Losse waslijn',
      'Philips koffiezetapparaat',
      'Bosch Serie 6 wasmachine 8 kg',
      'Samsung warmtepompdroger 9 kg',
      'Miele WWD 120 wasmachine',
      'Bosch droger zonder aanbod',
    ]);
    const desc = await get('/api/products?sortBy=lowestPrice.total&sortOrder=desc');
    expect(names(desc.body)[0]).toBe('Miele WWD 120 wasmachine');
    expect(names(desc.body).at(-1)).toBe('Bosch droger zonder aanbod');
  });

  it('serves the homepage calls: top price drops and popular products', async () => {
    const drops = await get('/api/products?limit=10&sortBy=percentageChange&sortOrder=asc&excludeUncategorized=true');
    expect(drops.body.products[0]).toMatchObject({ name: 'Miele WWD 120 wasmachine', priceChange: -10000, percentageChange: -9.1 });
    expect(names(drops.body)).not.toContain('Losse waslijn');
    const popular = await get('/api/products?limit=10&sortBy=views&sortOrder=desc');
    expect(names(popular.body).slice(0, 2)).toEqual(['Miele WWD 120 wasmachine', 'Bosch Serie 6 wasmachine 8 kg']);
  });

  it('filters by price range, brand, store, product ids and category', async () => {
    const range = await get('/api/products?minPrice=60000&maxPrice=80000&sortBy=name&sortOrder=asc');
    expect(names(range.body)).toEqual(['Bosch Serie 6 wasmachine 8 kg', 'Samsung warmtepompdroger 9 kg']);
    const brand = await get('/api/products?brand=Bosch&sortBy=name&sortOrder=asc');
    expect(names(brand.body)).toEqual(['Bosch droger zonder aanbod', 'Bosch Serie 6 wasmachine 8 kg']);
    const store = await get(`/api/products?storeId=${data.stores.mediamarkt.id}&sortBy=name&sortOrder=asc`);
    expect(names(store.body)).toEqual(['Bosch Serie 6 wasmachine 8 kg', 'Samsung warmtepompdroger 9 kg']);
    const ids = await get(`/api/products?productIds=${data.products.philips.id},%20${data.products.waslijn.id}`);
    expect(names(ids.body).sort()).toEqual(['Losse waslijn', 'Philips koffiezetapparaat']);
    const json = await get(`/api/products?filters=${encodeURIComponent(JSON.stringify({ brand: 'Miele' }))}`);
    expect(names(json.body)).toEqual(['Miele WWD 120 wasmachine']);
  });

  it('includes subcategories only when asked, by slug or id', async () => {
    const direct = await get('/api/products?category=wassen');
    expect(direct.body.products).toEqual([]);
    const deep = await get('/api/products?category=wassen&includeSubcategories=true&sortBy=name&sortOrder=asc');
    expect(names(deep.body)).toEqual([
      'Bosch droger zonder aanbod',
      'Bosch Serie 6 wasmachine 8 kg',
      'Miele WWD 120 wasmachine',
      'Samsung warmtepompdroger 9 kg',
    ]);
    const byId = await get(`/api/products?category=${data.categories.wasmachines.id}&sortBy=manual&sortOrder=asc`);
    expect(names(byId.body)).toEqual(['Miele WWD 120 wasmachine', 'Bosch Serie 6 wasmachine 8 kg']);
  });

  it('refuses bad input naming the parameter', async () => {
    for (const [query, field] of [
      ['sortBy=cheapest', 'sortBy'],
      ['page=0', 'page'],
      ['limit=101', 'limit'],
      ['minPrice=-1', 'minPrice'],
      ['maxPrice=abc', 'maxPrice'],
      ['productIds=1,x', 'productIds'],
      ['filters=%7Bnope', 'filters'],
      ['filters=%7B%22color%22%3A1%7D', 'filters.color'],
      ['includeSubcategories=yes', 'includeSubcategories'],
      ['minPrice=500&maxPrice=100', 'minPrice'],
      ['page=1000&limit=20', 'page'],
    ]) {
      const { status, body } = await get(`/api/products?${query}`);
      expect({ query, status, error: body.error }).toEqual({ query, status: 400, error: `Invalid ${field}` });
    }
    expect((await get('/api/products?category=nope')).status).toBe(404);
  });
});

describe('search', () => {
  it.each(['wasmachine', 'wasmachines', 'wasmachien', 'WASMACH'])('finds the washing machines for %s', async (term) => {
    const { status, body } = await get(`/api/products?search=${term}`);
    expect(status).toBe(200);
    expect(names(body).sort()).toEqual(['Bosch Serie 6 wasmachine 8 kg', 'Miele WWD 120 wasmachine']);
  });

  it('orders by relevance: a name match before a description-only match', async () => {
    const { body } = await get('/api/products?search=droger&sortBy=relevance');
    expect(names(body)).toEqual(['Bosch droger zonder aanbod', 'Samsung warmtepompdroger 9 kg']);
    const brand = await get('/api/products?search=miele');
    expect(names(brand.body)[0]).toBe('Miele WWD 120 wasmachine');
  });

  it('combines search with the filters of the search page', async () => {
    const { body } = await get(`/api/products?search=wasmachine&limit=21&storeId=${data.stores.mediamarkt.id}&maxPrice=70000`);
    expect(names(body)).toEqual(['Bosch Serie 6 wasmachine 8 kg']);
  });

  it('lists the brands, stores and categories of a search', async () => {
    const { body } = await get('/api/products/search-filters?search=wasmachine');
    expect(body).toEqual({
      brands: ['Bosch', 'Miele'],
      stores: [
        { id: data.stores.bol.id, name: 'bol' },
        { id: data.stores.coolblue.id, name: 'Coolblue' },
        { id: data.stores.mediamarkt.id, name: 'MediaMarkt' },
      ],
      categories: [{ id: data.categories.wasmachines.id, name: 'Wasmachines', slug: 'wasmachines' }],
    });
  });

  it('lists all brands and the brands matching filters', async () => {
    expect((await get('/api/products/brands')).body).toEqual({ brands: ['Bosch', 'Miele', 'Philips', 'Samsung'] });
    const filtered = await get(`/api/products/filtered-brands?category=wassen&includeSubcategories=true&minPrice=70000`);
    expect(filtered.body).toEqual({ brands: ['Miele', 'Samsung'] });
  });
});

describe('GET /api/products/{id} and /slug/{slug}', () => {
  it('returns the full product with offers sorted by total, the lowest marked, and counts a view', async () => {
    const { status, body } = await get(`/api/products/${data.products.bosch.id}`);
    expect(status).toBe(200);
    expect(body.prices.map((p: { total: number; isLowest: boolean }) => [p.total, p.isLowest])).toEqual([
      [63400, true],
      [64900, false],
      [66900, false],
    ]);
    expect(body).toMatchObject({ highestPrice: 66900, offerCount: 3, lowestPrice: { total: 63400, store: { name: 'bol' } } });
    expect(body.images.map((i: { url: string }) => i.url)).toEqual([
      'https://img.example/bosch-main.jpg',
      'https://img.example/bosch-side.jpg',
    ]);
    expect(body.properties).toEqual([{ id: expect.any(Number), name: 'Vulgewicht', value: '8 kg' }]);
    expect(body.productIds).toEqual([{ id: expect.any(Number), type: 'EAN', value: '4242005212345' }]);
    expect(body.breadcrumb.map((c: { slug: string }) => c.slug)).toEqual(['huishouden', 'wassen', 'wasmachines']);
    expect(body.description).toHaveLength(350);
    expect(body.isWishlisted).toBeUndefined();
    expect(body.views).toBe(41);
    const again = await get(`/api/products/slug/${data.products.bosch.slug}`);
    expect(again.body.views).toBe(42);
  });

  it('writes the counted views to the database in one batch', async () => {
    const id = data.products.philips.id;
    const viewsInDb = async () => (await ctx.database.query<{ views: number }>('select views from products where id = $1', [id]))[0]!.views;
    const before = await viewsInDb();
    await get(`/api/products/${id}`);
    expect((await get(`/api/products/${id}`)).body.views).toBe(before + 2);
    await flushViews(ctx.app.db);
    expect(await viewsInDb()).toBe(before + 2);
  });

  it('adds the wishlist state for a signed-in visitor', async () => {
    const { headers } = await createTestUser(ctx.app, { email: 'visitor@example.nl' });
    const { body } = await get(`/api/products/${data.products.miele.id}`, headers);
    expect(body).toMatchObject({ isWishlisted: false, wishlistItem: null });
  });

  it('refuses a malformed id and reports unknown ones', async () => {
    expect(await get('/api/products/abc')).toEqual({ status: 400, body: expect.objectContaining({ error: 'Invalid id' }) });
    expect((await get('/api/products/999999')).status).toBe(404);
    expect((await get('/api/products/slug/does-not-exist')).status).toBe(404);
  });
});

describe('PUT /api/products/{id}', () => {
  it('is for catalogue admins and updates fields, categories and properties', async () => {
    const visitor = await createTestUser(ctx.app, { email: 'someone@example.nl' });
    const url = `/api/products/${data.products.waslijn.id}`;
    const payload = {
      name: 'Waslijn 20 m',
      slug: 'waslijn-20-m',
      brand: 'Brabantia',
      categoryIds: [data.categories.wassen.id],
      properties: [{ name: 'Lengte', value: '20 m' }],
    };
    expect((await ctx.app.inject({ method: 'PUT', url, payload })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url, payload, headers: visitor.headers })).statusCode).toBe(403);
    const admin = await createTestUser(ctx.app, { email: 'admin@example.nl', role: 'admin' });
    const response = await ctx.app.inject({ method: 'PUT', url, payload, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Waslijn 20 m',
      brand: 'Brabantia',
      categories: [{ slug: 'wassen' }],
      properties: [{ name: 'Lengte', value: '20 m' }],
    });
    const bad = await ctx.app.inject({ method: 'PUT', url, payload: { ...payload, categoryIds: [987654] }, headers: admin.headers });
    expect(bad.json()).toMatchObject({ error: 'Invalid categoryIds' });
  });

  it.each([
    ['Samsnug', 'Samsung warmtepompdroger 9 kg'],
    ['Philps', 'Philips koffiezetapparaat'],
    ['Bossch wasmachine', 'Bosch Serie 6 wasmachine 8 kg'],
    ['Boxch wasmachine', 'Bosch Serie 6 wasmachine 8 kg'],
  ])('forgives one typo in a word of five letters or more: %s finds %s first', async (typed, meant) => {
    const { body } = await get(`/api/products?search=${encodeURIComponent(typed)}`);
    expect(names(body)[0]).toBe(meant);
    const filters = await get(`/api/products/search-filters?search=${encodeURIComponent(typed)}`);
    expect(filters.body.brands.length).toBeGreaterThan(0);
  });

  it('ranks exact queries as before: nothing is corrected when every word exists', async () => {
    const exact = await get('/api/products?search=droger&sortBy=relevance');
    expect(names(exact.body)).toEqual(['Bosch droger zonder aanbod', 'Samsung warmtepompdroger 9 kg']);
    expect(names((await get('/api/products?search=Bosch')).body).sort()).toEqual(['Bosch Serie 6 wasmachine 8 kg', 'Bosch droger zonder aanbod']);
  });

  it('makes an edited product findable by its new name at once', async () => {
    expect((await get('/api/products?search=droogmolen')).body.products).toEqual([]);
    const admin = await createTestUser(ctx.app, { email: 'editor@example.nl', role: 'admin' });
    const payload = { name: 'Droogmolen 40 m', slug: 'droogmolen-40-m' };
    const url = `/api/products/${data.products.waslijn.id}`;
    expect((await ctx.app.inject({ method: 'PUT', url, payload, headers: admin.headers })).statusCode).toBe(200);
    const { body } = await get('/api/products?search=droogmolen');
    expect(names(body)).toEqual(['Droogmolen 40 m']);
    expect(body.pagination).toMatchObject({ totalItems: 1, currentPage: 1 });
  });
});
