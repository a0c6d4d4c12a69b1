import { sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/helpers';
import { siteConfigurations } from '../../db/schema';
import { openCatalogueTestApp, type Catalogue } from '../../../test/catalogue';
import { createTestUser, type TestUser } from '../../../test/auth';
import { selectRows } from '../../db/sql';
import { listQueries, type ProductListOptions } from '../products/product-list';

let ctx: TestContext;
let data: Catalogue;
let admin: TestUser;

beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
  admin = await createTestUser(ctx.app, { email: 'admin@example.nl', role: 'admin' });
});
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) => {
  const response = await ctx.app.inject({ method, url, payload, headers });
  return { status: response.statusCode, body: response.json() };
};
const get = (url: string) => call('GET', url);
const names = (list: { name: string }[]) => list.map((item) => item.name);

describe('GET /api/categories', () => {
  it('returns the tree with counts, without overig when asked', async () => {
    const { body } = await get('/api/categories?includeHierarchy=true&excludeOverig=true');
    expect(names(body.categories)).toEqual(['Huishouden']);
    const wassen = body.categories[0].childCategories.find((c: { slug: string }) => c.slug === 'wassen');
    expect(names(wassen.childCategories)).toEqual(['Drogers', 'Wasmachines']);
    expect(wassen._count).toEqual({ products: 0, computedProducts: 4, childCategories: 2 });
    const all = await get('/api/categories?includeHierarchy=true&excludeCounts=true');
    expect(names(all.body.categories)).toEqual(['Huishouden', 'Overig']);
    expect(all.body.categories[0]._count).toBeUndefined();
  });

  it('serves the menu with settings, the flat list, children and the paged admin list', async () => {
    const nav = await get('/api/categories?navigation=true');
    expect(names(nav.body.categories)).toEqual(['Huishouden']);
    expect(nav.body.categories[0].settings).toMatchObject({ hideFromMenu: false, subcategoryColumns: 4 });
    const simple = await get('/api/categories?simple=true&limit=1000');
    expect(simple.body.categories).toHaveLength(6);
    expect(simple.body.categories[0]).toMatchObject({ id: expect.any(Number), name: 'Drogers', slug: 'drogers', parentId: data.categories.wassen.id });
    const children = await get(`/api/categories?parentId=${data.categories.huishouden.id}`);
    expect(names(children.body.categories)).toEqual(['Koffie', 'Wassen']);
    const paged = await get(`/api/categories?page=1&limit=2&sort=name:asc&filters=${encodeURIComponent('{"search":"wa"}')}`);
    expect(names(paged.body.categories)).toEqual(['Wasmachines', 'Wassen']);
    expect(paged.body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 2, itemsPerPage: 2 });
    expect((await get('/api/categories?sort=price')).body.error).toBe('Invalid sort');
  });

  it('finds a category by id and slug with breadcrumb, settings and children', async () => {
    const { body } = await get('/api/categories/slug/wassen');
    expect(body.breadcrumb.map((c: { slug: string }) => c.slug)).toEqual(['huishouden', 'wassen']);
    expect(body.parentCategory).toMatchObject({ slug: 'huishouden' });
    expect(names(body.childCategories)).toEqual(['Drogers', 'Wasmachines']);
    expect(body.settings.defaultSortBy).toBe('manual');
    expect((await get(`/api/categories/id/${data.categories.wassen.id}`)).body.slug).toBe('wassen');
    expect((await get('/api/categories/slug/nope')).status).toBe(404);
    expect((await get('/api/categories/id/0')).status).toBe(400);
    expect((await get('/api/categories/id/99999')).status).toBe(404);
  });
});

describe('GET /api/categories/page/{slug}', () => {
  it('applies the category defaults (manual, ascending, 21 per page) with filled-in settings', async () => {
    const { status, body } = await get('/api/categories/page/wasmachines');
    expect(status).toBe(200);
    expect(names(body.products)).toEqual(['Miele WWD 120 wasmachine', 'Bosch Serie 6 wasmachine 8 kg']);
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 2, itemsPerPage: 21 });
    expect(body.category).toMatchObject({
      slug: 'wasmachines',
      settings: { defaultDisplayType: 'grid', defaultSortBy: 'manual', defaultSortOrder: 'asc', subcategoryColumns: 4 },
    });
    expect(body.breadcrumb.map((c: { slug: string }) => c.slug)).toEqual(['huishouden', 'wassen', 'wasmachines']);
  });

  it('lists subcategories with counts and includes their products only when asked', async () => {
    const direct = await get('/api/categories/page/wassen');
    expect(direct.body.products).toEqual([]);
    expect(direct.body.subcategories.map((c: { slug: string; _count: { computedProducts: number } }) => [c.slug, c._count.computedProducts])).toEqual([
      ['drogers', 2],
      ['wasmachines', 2],
    ]);
    const deep = await get('/api/categories/page/wassen?includeSubcategories=true&sortBy=lowestPrice.total&sortOrder=asc');
    expect(names(deep.body.products)).toEqual([
      'Bosch Serie 6 wasmachine 8 kg',
      'Samsung warmtepompdroger 9 kg',
      'Miele WWD 120 wasmachine',
      'Bosch droger zonder aanbod',
    ]);
  });

  it('filters by brand, store, price and search and refuses bad input', async () => {
    const q = `includeSubcategories=true&brand=Bosch&storeId=${data.stores.mediamarkt.id}&maxPrice=70000&search=wasmachine`;
    expect(names((await get(`/api/categories/page/wassen?${q}`)).body.products)).toEqual(['Bosch Serie 6 wasmachine 8 kg']);
    expect((await get('/api/categories/page/wassen?sortBy=random')).body.error).toBe('Invalid sortBy');
    expect((await get('/api/categories/page/wassen?page=0')).body.error).toBe('Invalid page');
    expect((await get('/api/categories/page/wassen?minPrice=-5')).body.error).toBe('Invalid minPrice');
    expect((await get('/api/categories/page/nope')).status).toBe(404);
  });

  it('offers the filter options and the popular products of subcategories', async () => {
    expect((await get('/api/categories/wasmachines/filters')).body).toEqual({
      brands: ['Bosch', 'Miele'],
      stores: [
        { id: data.stores.bol.id, name: 'bol' },
        { id: data.stores.coolblue.id, name: 'Coolblue' },
        { id: data.stores.mediamarkt.id, name: 'MediaMarkt' },
      ],
    });
    const popular = await get(`/api/categories/${data.categories.wassen.id}/popular-subcategory-products?limit=3`);
    expect(names(popular.body.products)).toEqual(['Miele WWD 120 wasmachine', 'Bosch Serie 6 wasmachine 8 kg', 'Samsung warmtepompdroger 9 kg']);
  });
});

describe('homepage categories and settings', () => {
  it('sorts the category page by its saved defaults and shows its settings and breadcrumb', async () => {
    const url = `/api/categories/${data.categories.drogers.id}/settings`;
    // Until saved, the settings are the storefront's defaults and say so, so the admin can start from its own.
    expect((await get(url)).body.category).toMatchObject({ saved: false, settings: { defaultSortBy: 'manual', defaultSortOrder: 'asc' } });
    expect((await get(`/api/categories/id/${data.categories.drogers.id}`)).body.settingsSaved).toBe(false);
    const payload = { defaultSortBy: 'name', defaultSortOrder: 'desc', representativeProductId: data.products.samsung.id };
    const saved = await call('PUT', url, payload, admin.headers);
    expect(saved.status).toBe(200);
    expect(saved.body.category.saved).toBe(true);
    expect((await get(url)).body.category.saved).toBe(true);
    expect((await get(`/api/categories/id/${data.categories.drogers.id}`)).body.settingsSaved).toBe(true);
    const { body } = await get('/api/categories/page/drogers');
    expect(body.category.settings).toMatchObject({
      defaultSortBy: 'name',
      defaultSortOrder: 'desc',
      representativeProduct: { id: data.products.samsung.id, name: 'Samsung warmtepompdroger 9 kg' },
    });
    expect(names(body.products)).toEqual(['Samsung warmtepompdroger 9 kg', 'Bosch droger zonder aanbod']);
    expect(body.breadcrumb.map((c: { slug: string }) => c.slug)).toEqual(['huishouden', 'wassen', 'drogers']);
    expect(body.subcategories).toEqual([]);
  });

  it('falls back to the top-level categories without overig, then follows showOnHomePage', async () => {
    expect(names((await get('/api/categories/homepage')).body.categories)).toEqual(['Huishouden']);
    const [site] = await ctx.app.db.insert(siteConfigurations).values({ title: 'K', name: 'K', description: 'K' }).returning();
    const url = `/api/categories/${data.categories.wasmachines.id}/settings`;
    const payload = { showOnHomePage: site!.id, representativeProductId: data.products.bosch.id, subcategoryColumns: 3 };
    expect((await call('PUT', url, payload)).status).toBe(401);
    const saved = await call('PUT', url, payload, admin.headers);
    expect(saved.body.category.settings).toMatchObject({ showOnHomePage: site!.id, subcategoryColumns: 3, defaultSortBy: 'manual' });
    expect((await get(url)).body.category.settings.representativeProduct).toMatchObject({ id: data.products.bosch.id });
    const home = await get(`/api/categories/homepage?siteConfigurationId=${site!.id}`);
    expect(home.body.categories).toHaveLength(1);
    expect(home.body.categories[0]).toMatchObject({ slug: 'wasmachines', _count: { computedProducts: 2 } });
    expect((await call('PUT', url, { subcategoryColumns: 9 }, admin.headers)).body.error).toBe('Invalid subcategoryColumns');
  });
});

describe('category membership (catalogue admins)', () => {
  it('adds, orders and removes products', async () => {
    const url = `/api/categories/${data.categories.koffie.id}/products`;
    const ids = [data.products.samsung.id, data.products.bosch.id];
    expect((await call('POST', url, { productIds: ids })).status).toBe(401);
    expect((await call('POST', url, { productIds: ids }, admin.headers)).body).toEqual({ addedCount: 2 });
    expect(names((await get('/api/categories/page/koffie')).body.products)).toEqual([
      'Philips koffiezetapparaat',
      'Samsung warmtepompdroger 9 kg',
      'Bosch Serie 6 wasmachine 8 kg',
    ]);
    const productOrders = [
      { productId: data.products.bosch.id, sortOrder: 0 },
      { productId: data.products.philips.id, sortOrder: 5 },
    ];
    expect((await call('PUT', `${url}/sort-order`, { productOrders }, admin.headers)).body).toEqual({ updatedCount: 2 });
    expect(names((await get('/api/categories/page/koffie')).body.products)).toEqual([
      'Bosch Serie 6 wasmachine 8 kg',
      'Samsung warmtepompdroger 9 kg',
      'Philips koffiezetapparaat',
    ]);
    expect((await call('DELETE', url, { productIds: ids }, admin.headers)).body).toEqual({ removedCount: 2 });
    expect(names((await get('/api/categories/page/koffie')).body.products)).toEqual(['Philips koffiezetapparaat']);
    expect((await call('POST', url, { productIds: [424242] }, admin.headers)).body.error).toBe('Invalid productIds');
  });

  it('pages a manual order in both directions as the list query orders it, ties newest first', async () => {
    const category = data.categories.koffie.id;
    const { bosch, miele, samsung, philips } = data.products;
    const members = [bosch, miele, samsung, philips];
    await call('POST', `/api/categories/${category}/products`, { productIds: members.map((p) => p.id) }, admin.headers);
    // Two ties of the sort order, broken by the newest product first.
    const productOrders = [
      { productId: bosch.id, sortOrder: 1 },
      { productId: miele.id, sortOrder: 0 },
      { productId: samsung.id, sortOrder: 1 },
      { productId: philips.id, sortOrder: 2 },
    ];
    expect((await call('PUT', `/api/categories/${category}/products/sort-order`, { productOrders }, admin.headers)).status).toBe(200);
    const dates = members.map((p, index) => sql`(${p.id}::int, now() - make_interval(days => ${index}))`);
    await ctx.app.db.execute(sql`update products p set created_at = d.at from (values ${sql.join(dates, sql`, `)}) d(id, at) where p.id = d.id`);
    try {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const options: ProductListOptions = { page: 1, limit: 10, sortBy: 'manual', sortOrder, categoryIds: [category], manualCategoryId: category };
        const queried = (await selectRows<{ id: number }>(ctx.app.db, listQueries(options).page)).map((row) => row.id);
        const page = (n: number, limit: number) =>
          get(`/api/categories/page/koffie?sortBy=manual&sortOrder=${sortOrder}&page=${n}&limit=${limit}`);
        expect((await page(1, 10)).body.products.map((p: { id: number }) => p.id)).toEqual(queried);
        expect((await page(2, 2)).body.products.map((p: { id: number }) => p.id)).toEqual(queried.slice(2, 4));
      }
      expect(names((await get('/api/categories/page/koffie?sortBy=manual&sortOrder=asc')).body.products)).toEqual([
        'Miele WWD 120 wasmachine',
        'Bosch Serie 6 wasmachine 8 kg',
        'Samsung warmtepompdroger 9 kg',
        'Philips koffiezetapparaat',
      ]);
      expect(names((await get('/api/categories/page/koffie?sortBy=manual&sortOrder=desc')).body.products)).toEqual([
        'Philips koffiezetapparaat',
        'Bosch Serie 6 wasmachine 8 kg',
        'Samsung warmtepompdroger 9 kg',
        'Miele WWD 120 wasmachine',
      ]);
    } finally {
      await call('DELETE', `/api/categories/${category}/products`, { productIds: [bosch.id, miele.id, samsung.id] }, admin.headers);
    }
  });

  it('updates the subcategory counts at once when products join or leave a category', async () => {
    const koffieCount = async () =>
      (await get('/api/categories/page/huishouden')).body.subcategories.find((c: { slug: string }) => c.slug === 'koffie')._count;
    const before = await koffieCount();
    const url = `/api/categories/${data.categories.koffie.id}/products`;
    await call('POST', url, { productIds: [data.products.samsung.id] }, admin.headers);
    expect(await koffieCount()).toEqual({ ...before, products: before.products + 1, computedProducts: before.computedProducts + 1 });
    await call('DELETE', url, { productIds: [data.products.samsung.id] }, admin.headers);
    expect(await koffieCount()).toEqual(before);
  });
});

describe('a category page sorted by views', () => {
  const byViews = (n: number) => `/api/categories/page/wasmachines?sortBy=views&sortOrder=desc&limit=${n}`;
  const setViews = (id: number, views: number) => ctx.app.db.execute(sql`update products set views = ${views} where id = ${id}`);

  afterEach(() => jest.restoreAllMocks());

  it('keeps its order for at most a minute of new views, and follows a catalogue change at once', async () => {
    expect(names((await get(byViews(20))).body.products)).toEqual(['Miele WWD 120 wasmachine', 'Bosch Serie 6 wasmachine 8 kg']);
    // Views are written in batches that move no catalogue version: another page of the same list keeps
    // the order it was read in, as a cached answer would.
    await setViews(data.products.bosch.id, 500);
    const kept = await get(byViews(19));
    expect(names(kept.body.products)).toEqual(['Miele WWD 120 wasmachine', 'Bosch Serie 6 wasmachine 8 kg']);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect(names((await get(byViews(18))).body.products)).toEqual(['Bosch Serie 6 wasmachine 8 kg', 'Miele WWD 120 wasmachine']);

    // A product joining the category shows at once, in its place by views, and is counted.
    await setViews(data.products.samsung.id, 100);
    const members = `/api/categories/${data.categories.wasmachines.id}/products`;
    expect((await call('POST', members, { productIds: [data.products.samsung.id] }, admin.headers)).body).toEqual({ addedCount: 1 });
    const joined = await get(byViews(17));
    expect(names(joined.body.products)).toEqual([
      'Bosch Serie 6 wasmachine 8 kg',
      'Samsung warmtepompdroger 9 kg',
      'Miele WWD 120 wasmachine',
    ]);
    expect(joined.body.pagination.totalItems).toBe(3);
    expect((await get('/api/categories/page/wasmachines?limit=16')).body.pagination.totalItems).toBe(3);

    await call('DELETE', members, { productIds: [data.products.samsung.id] }, admin.headers);
    expect((await get('/api/categories/page/wasmachines?limit=15')).body.pagination.totalItems).toBe(2);
    await setViews(data.products.bosch.id, 40);
    await setViews(data.products.samsung.id, 10);
  });
});
