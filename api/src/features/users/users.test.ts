import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser, type TestUser } from '../../../test/auth';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx.app, { email: 'beheer@example.nl', role: 'admin' });
  for (const name of ['anna', 'bram', 'cees', 'daan', 'eva']) {
    await createTestUser(ctx.app, { email: `${name}@example.nl` });
  }
  await ctx.database.query(
    `insert into stores (id, name, slug, url) values (1, 'MegaKoop', 'megakoop', 'https://megakoop.example'),
       (2, 'Prijsbaas', 'prijsbaas', 'https://prijsbaas.example')`,
  );
});
afterAll(() => ctx.close());

const get = (url: string, headers = admin.headers) => ctx.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin.headers) =>
  ctx.app.inject({ method, url, headers, payload });
const outbox = () => ctx.database.query<{ to: string; subject: string; text: string }>(`select "to", subject, text from outbox order by id`);

describe('GET /auth/users', () => {
  it('sorts by email and pages', async () => {
    const first = await get('/api/auth/users?sortBy=email&sortOrder=asc&limit=2&page=1');
    expect(first.statusCode).toBe(200);
    expect(first.json().users.map((u: { email: string }) => u.email)).toEqual(['anna@example.nl', 'beheer@example.nl']);
    expect(first.json().pagination).toEqual({ currentPage: 1, totalPages: 3, totalItems: 6, itemsPerPage: 2 });
    const third = await get('/api/auth/users?sortBy=email&sortOrder=asc&limit=2&page=3');
    expect(third.json().users.map((u: { email: string }) => u.email)).toEqual(['daan@example.nl', 'eva@example.nl']);
    const desc = await get('/api/auth/users?sortBy=email&sortOrder=desc&limit=1');
    expect(desc.json().users[0].email).toBe('eva@example.nl');
  });

  it('sorts admins first by isAdmin desc, defaults to 20 per page, searches by email and filters by role', async () => {
    const byRole = await get('/api/auth/users?sortBy=isAdmin&sortOrder=desc');
    expect(byRole.json().users[0]).toMatchObject({ email: 'beheer@example.nl', isAdmin: true, role: 'admin', storeIds: null });
    expect(byRole.json().pagination.itemsPerPage).toBe(20);
    const search = await get('/api/auth/users?search=BRA');
    expect(search.json().users.map((u: { email: string }) => u.email)).toEqual(['bram@example.nl']);
    const admins = await get('/api/auth/users?role=admin');
    expect(admins.json().users.map((u: { email: string }) => u.email)).toEqual(['beheer@example.nl']);
  });

  it('refuses a bad sortBy, limit or role, naming the parameter', async () => {
    const bad = await get('/api/auth/users?sortBy=password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid sortBy');
    expect((await get('/api/auth/users?limit=1000')).json().error).toBe('Invalid limit');
    expect((await get('/api/auth/users?role=owner')).json().error).toBe('Invalid role');
  });
});

describe('creating users', () => {
  it('creates a user with an initial password who can sign in at once', async () => {
    const res = await send('POST', '/api/admin/users', { email: ' Nieuw@Example.nl ', role: 'merchandiser', password: 'tulpen-in-de-wind' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'nieuw@example.nl', role: 'merchandiser', isAdmin: false, storeIds: null, wishlistCount: 0, lastSignInAt: null });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nieuw@example.nl', password: 'tulpen-in-de-wind' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ role: 'merchandiser', isAdmin: false });
    const detail = (await get(`/api/admin/users/${res.json().id}`)).json();
    expect(detail.lastSignInAt).toEqual(expect.any(String));
    // Signing in is not a change of the account.
    expect(detail.updatedAt).toBe(res.json().updatedAt);
  });

  it('invites a store manager for one store by mail, and the link sets the password', async () => {
    const res = await send('POST', '/api/admin/users', { email: 'filiaal@example.nl', role: 'store_manager', storeIds: [2] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'store_manager', storeIds: [2] });
    const mail = (await outbox()).find((m) => m.to === 'filiaal@example.nl');
    expect(mail?.subject).toContain('Uitnodiging');
    const token = /reset-password\?token=([\w-]+)/.exec(mail!.text)![1];
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'eigen-gekozen-zin' } });
    expect(reset.statusCode).toBe(200);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'filiaal@example.nl', password: 'eigen-gekozen-zin' } });
    expect(login.json().user).toMatchObject({ role: 'store_manager', storeIds: [2] });
  });

  it('refuses a bad email, role, weak password, unknown store and a taken email', async () => {
    expect((await send('POST', '/api/admin/users', { email: 'geen-email', role: 'user' })).json().error).toBe('Invalid email');
    expect((await send('POST', '/api/admin/users', { email: 'x@example.nl', role: 'baas' })).json().error).toBe('Invalid role');
    expect((await send('POST', '/api/admin/users', { email: 'x@example.nl', password: 'kort' })).json()).toEqual({
      error: 'Invalid password',
      details: 'Password must be at least 8 characters',
    });
    const unknownStore = await send('POST', '/api/admin/users', { email: 'x@example.nl', role: 'store_manager', storeIds: [99] });
    expect(unknownStore.json()).toEqual({ error: 'Invalid storeIds', details: 'Store not found: 99' });
    const taken = await send('POST', '/api/admin/users', { email: 'anna@example.nl', password: 'tulpen-in-de-wind' });
    expect(taken.statusCode).toBe(409);
    expect((await get('/api/auth/users?search=x@example')).json().users).toEqual([]);
  });
});

describe('/admin/users/{id}', () => {
  it('shows the wishlist count', async () => {
    const shopper = await createTestUser(ctx.app, { email: 'verlanglijst@example.nl' });
    await ctx.database.query(`insert into products (id, slug, name) values (501, 'p1', 'P1'), (502, 'p2', 'P2')`);
    await ctx.database.query(`insert into wishlist_items (user_id, product_id, max_price) values ($1, 501, 100), ($1, 502, 200)`, [shopper.id]);
    expect((await get(`/api/admin/users/${shopper.id}`)).json()).toMatchObject({ email: 'verlanglijst@example.nl', wishlistCount: 2 });
  });

  it('reads, updates and deletes a user; a role change applies to their existing token', async () => {
    const target = await createTestUser(ctx.app, { email: 'wijzig@example.nl' });
    expect((await get(`/api/admin/users/${target.id}`)).json()).toMatchObject({ email: 'wijzig@example.nl', isAdmin: false, role: 'user' });
    const put = await send('PUT', `/api/admin/users/${target.id}`, { email: 'Gewijzigd@example.nl', isAdmin: true });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ email: 'gewijzigd@example.nl', isAdmin: true, role: 'admin' });
    expect((await get('/api/auth/users', target.headers)).statusCode).toBe(200);

    const merchandiser = await send('PUT', `/api/admin/users/${target.id}`, { role: 'merchandiser' });
    expect(merchandiser.json()).toMatchObject({ isAdmin: false, role: 'merchandiser' });
    expect((await get('/api/auth/users', target.headers)).statusCode).toBe(403);

    const del = await send('DELETE', `/api/admin/users/${target.id}`);
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/admin/users/${target.id}`)).statusCode).toBe(404);
  });

  it("sets and clears a store manager's stores", async () => {
    const target = await createTestUser(ctx.app);
    const manager = await send('PUT', `/api/admin/users/${target.id}`, { role: 'store_manager', storeIds: [2, 1] });
    expect(manager.json()).toMatchObject({ role: 'store_manager', storeIds: [1, 2] });
    expect((await send('PUT', `/api/admin/users/${target.id}`, { email: 'winkels@example.nl' })).json().storeIds).toEqual([1, 2]);
    expect((await send('PUT', `/api/admin/users/${target.id}`, { storeIds: [] })).json().storeIds).toBeNull();
    await send('PUT', `/api/admin/users/${target.id}`, { storeIds: [1] });
    // Another role keeps no store assignments.
    expect((await send('PUT', `/api/admin/users/${target.id}`, { role: 'merchandiser' })).json().storeIds).toBeNull();
    expect((await send('PUT', `/api/admin/users/${target.id}`, { role: 'store_manager' })).json().storeIds).toBeNull();
    expect((await send('PUT', `/api/admin/users/${target.id}`, { storeIds: [7] })).json().error).toBe('Invalid storeIds');
  });

  it('keeps an admin from demoting or deleting themselves', async () => {
    const demote = await send('PUT', `/api/admin/users/${admin.id}`, { isAdmin: false });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual({ error: 'Invalid role', details: 'You cannot remove your own admin rights' });
    expect((await send('PUT', `/api/admin/users/${admin.id}`, { role: 'merchandiser' })).statusCode).toBe(400);
    const del = await send('DELETE', `/api/admin/users/${admin.id}`);
    expect(del.statusCode).toBe(400);
    expect(del.json()).toEqual({ error: 'Invalid id', details: 'You cannot delete your own account' });
    expect((await get(`/api/admin/users/${admin.id}`)).json()).toMatchObject({ isAdmin: true, role: 'admin' });
  });

  it('never removes the last admin', async () => {
    const second = await createTestUser(ctx.app, { role: 'admin' });
    // With two admins, one may demote the other …
    expect((await send('PUT', `/api/admin/users/${second.id}`, { role: 'user' }, admin.headers)).statusCode).toBe(200);
    await send('PUT', `/api/admin/users/${second.id}`, { role: 'admin' }, admin.headers);
    // … but once the other is gone, the remaining admin cannot be demoted or deleted by anyone.
    expect((await send('DELETE', `/api/admin/users/${admin.id}`, undefined, second.headers)).statusCode).toBe(200);
    const demote = await send('PUT', `/api/admin/users/${second.id}`, { role: 'user' }, second.headers);
    expect(demote.statusCode).toBe(400);
    const ownAccount = await send('DELETE', '/api/auth/account', { password: second.password }, second.headers);
    expect(ownAccount.statusCode).toBe(409);
    expect(ownAccount.json()).toEqual({ error: 'The last admin cannot be removed' });
    expect((await get(`/api/admin/users/${second.id}`, second.headers)).json().role).toBe('admin');
    admin = second;
  });

  it('refuses an email that another account uses, and an unknown id', async () => {
    const res = await send('PUT', `/api/admin/users/${admin.id}`, { email: 'anna@example.nl' });
    expect(res.statusCode).toBe(409);
    expect((await get('/api/admin/users/999999')).json()).toEqual({ error: 'User not found' });
  });
});

describe('isAdmin and role stay in step in the database', () => {
  it('gives a row written with only is_admin the admin role, and moves the flag with the role', async () => {
    await ctx.database.query(`insert into users (email, password_hash, is_admin) values ('oud-beheer@example.nl', 'x', true)`);
    const read = async () =>
      (await ctx.database.query<{ role: string; is_admin: boolean }>(`select role, is_admin from users where email = 'oud-beheer@example.nl'`))[0];
    expect(await read()).toEqual({ role: 'admin', is_admin: true });
    await ctx.database.query(`update users set is_admin = false where email = 'oud-beheer@example.nl'`);
    expect(await read()).toEqual({ role: 'user', is_admin: false });
    await ctx.database.query(`update users set role = 'admin' where email = 'oud-beheer@example.nl'`);
    expect(await read()).toEqual({ role: 'admin', is_admin: true });
    await ctx.database.query(`update users set role = 'merchandiser' where email = 'oud-beheer@example.nl'`);
    expect(await read()).toEqual({ role: 'merchandiser', is_admin: false });
  });
});
