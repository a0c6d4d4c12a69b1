import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser, type TestUser } from '../../../test/auth';

let ctx: TestContext;
let admin: TestUser;
let merchandiser: TestUser;
let storeManager: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx.app, { email: 'beheer@example.nl', role: 'admin' });
  merchandiser = await createTestUser(ctx.app, { email: 'assortiment@example.nl', role: 'merchandiser' });
  await ctx.database.query(`insert into stores (id, name, slug, url) values (1, 'MegaKoop', 'megakoop', 'https://megakoop.example')`);
  storeManager = await createTestUser(ctx.app, { email: 'filiaal@example.nl', role: 'store_manager', storeIds: [1] });
  await ctx.database.query(`insert into products (id, slug, name) values (1, 'wasmachine', 'Wasmachine')`);
  await ctx.database.query(`update product_prices set lowest_total = 40000 where product_id = 1`);
  await ctx.database.query(`insert into wishlist_items (id, user_id, product_id, max_price) values (1, $1, 1, 35000)`, [merchandiser.id]);
  await ctx.database.query(`insert into store_ratings (id, store_id, user_id, rating, comment) values (1, 1, null, 2, 'Traag')`);
});
afterAll(() => ctx.close());

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, user: TestUser) =>
  ctx.app.inject({ method, url, headers: user.headers, payload });
const audit = async (query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { records: Record<string, unknown>[]; pagination: { totalItems: number } };
};

describe('audit records', () => {
  it('records who changed a user, with the changed fields before and after', async () => {
    const created = await send('POST', '/api/admin/users', { email: 'nieuw@example.nl', role: 'user', password: 'tulpen-in-de-wind' }, admin);
    const id = created.json().id;
    await send('PUT', `/api/admin/users/${id}`, { role: 'merchandiser' }, admin);
    const { records } = await audit(`?entity=user&entityId=${id}`);
    expect(records).toEqual([
      expect.objectContaining({
        action: 'update',
        userId: admin.id,
        userEmail: 'beheer@example.nl',
        userRole: 'admin',
        entityId: String(id),
        before: { role: 'user' },
        after: { role: 'merchandiser' },
      }),
      expect.objectContaining({ action: 'create', before: null, after: { email: 'nieuw@example.nl', role: 'user', storeIds: null } }),
    ]);
    expect(records[0]!.createdAt).toEqual(expect.any(String));
  });

  it('records site configuration, wishlist and store rating changes (config area)', async () => {
    const config = await send(
      'POST',
      '/api/site-configuration',
      { title: 'Koopjesland', name: 'Koopjesland NL', description: 'Deals', domainNames: ['koopjesland.nl'] },
      admin,
    );
    const configId = config.json().id;
    await send('PUT', `/api/site-configuration/${configId}`, { ...config.json(), title: 'Nieuwe titel' }, admin);
    await send('PUT', '/api/admin/wishlists/1', { maxPrice: 30000 }, admin);
    await send('DELETE', '/api/admin/store-ratings/1', undefined, admin);

    const [configUpdate] = (await audit(`?entity=site-configuration&entityId=${configId}`)).records;
    expect(configUpdate).toMatchObject({ action: 'update', before: { title: 'Koopjesland' }, after: { title: 'Nieuwe titel' } });
    expect((await audit('?entity=wishlist-item&entityId=1')).records[0]).toMatchObject({
      action: 'update',
      before: { maxPrice: 35000 },
      after: { maxPrice: 30000 },
    });
    expect((await audit('?entity=store-rating&entityId=1')).records[0]).toMatchObject({
      action: 'delete',
      before: { rating: 2, comment: 'Traag', storeId: 1 },
      after: null,
    });
  });

  it('records catalog and store area writes with the role of whoever made them', async () => {
    const category = await send('POST', '/api/categories', { name: 'Witgoed' }, merchandiser);
    expect(category.statusCode).toBeLessThan(300);
    const store = await send('PUT', '/api/stores/1', { name: 'MegaKoop Plus', slug: 'megakoop', url: 'https://megakoop.example' }, storeManager);
    expect(store.statusCode).toBe(200);
    expect((await audit(`?userId=${merchandiser.id}&entity=category`)).records[0]).toMatchObject({ userRole: 'merchandiser', action: 'create' });
    expect((await audit(`?userId=${storeManager.id}&entity=store`)).records[0]).toMatchObject({
      userRole: 'store_manager',
      entityId: '1',
      after: expect.objectContaining({ name: 'MegaKoop Plus' }),
    });
  });

  it('writes nothing for a refused write', async () => {
    const before = (await audit()).pagination.totalItems;
    expect((await send('PUT', '/api/admin/wishlists/1', { maxPrice: 0 }, admin)).statusCode).toBe(400);
    expect((await send('DELETE', `/api/admin/users/${admin.id}`, undefined, admin)).statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/users/999999', { role: 'user' }, admin)).statusCode).toBe(404);
    expect((await audit()).pagination.totalItems).toBe(before);
  });

  it('keeps the email and role of someone who deleted their own account', async () => {
    const leaver = await createTestUser(ctx.app, { email: 'vertrekt@example.nl' });
    await send('DELETE', '/api/auth/account', { password: leaver.password }, leaver);
    expect((await audit(`?entity=user&entityId=${leaver.id}`)).records[0]).toMatchObject({
      action: 'delete-own-account',
      userId: null,
      userEmail: 'vertrekt@example.nl',
      userRole: 'user',
    });
  });
});

describe('GET /admin/audit', () => {
  it('filters by date range and action, and pages newest first', async () => {
    const all = await audit('?limit=2');
    expect(all.records).toHaveLength(2);
    expect(all.pagination.totalItems).toBeGreaterThan(4);
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}`)).pagination.totalItems).toBe(all.pagination.totalItems);
    expect((await audit('?to=2000-01-01')).records).toEqual([]);
    expect((await audit('?from=2999-01-01')).records).toEqual([]);
    const deletes = await audit('?action=delete');
    expect(deletes.records.every((r) => r.action === 'delete')).toBe(true);
    const times = (await audit('?limit=100')).records.map((r) => String(r.createdAt));
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('names a bad filter', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit?from=gisteren', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid from');
    const reversed = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit?from=2026-02-01&to=2026-01-01', headers: admin.headers });
    expect(reversed.json().error).toBe('Invalid from');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit?userId=x', headers: admin.headers })).json().error).toBe('Invalid userId');
  });

  it('has no route that writes, edits or deletes a record', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/audit'],
      ['PUT', '/api/admin/audit/1'],
      ['PATCH', '/api/admin/audit/1'],
      ['DELETE', '/api/admin/audit/1'],
    ] as const) {
      expect((await ctx.app.inject({ method, url, headers: admin.headers, payload: {} })).statusCode).toBe(404);
    }
    const auditRoutes = ctx.app.routeCatalog.filter((r) => r.url.startsWith('/api/admin/audit') && r.method !== 'HEAD');
    expect(auditRoutes.map((r) => r.method)).toEqual(['GET']);
  });

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit', headers: merchandiser.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
