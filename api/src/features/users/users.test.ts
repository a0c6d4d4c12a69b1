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
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin.headers });

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

  it('sorts admins first by isAdmin desc, defaults to 20 per page and searches by email', async () => {
    const byRole = await get('/api/auth/users?sortBy=isAdmin&sortOrder=desc');
    expect(byRole.json().users[0]).toMatchObject({ email: 'beheer@example.nl', isAdmin: true });
    expect(byRole.json().pagination.itemsPerPage).toBe(20);
    const search = await get('/api/auth/users?search=BRA');
    expect(search.json().users.map((u: { email: string }) => u.email)).toEqual(['bram@example.nl']);
  });

  it('refuses a bad sortBy or limit, naming the parameter', async () => {
    const bad = await get('/api/auth/users?sortBy=password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid sortBy');
    expect((await get('/api/auth/users?limit=1000')).json().error).toBe('Invalid limit');
  });
});

describe('/admin/users/{id}', () => {
  it('reads, updates and deletes a user', async () => {
    const target = await createTestUser(ctx.app, { email: 'wijzig@example.nl' });
    expect((await get(`/api/admin/users/${target.id}`)).json()).toMatchObject({ email: 'wijzig@example.nl', isAdmin: false });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.id}`,
      headers: admin.headers,
      payload: { email: 'Gewijzigd@example.nl', isAdmin: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ email: 'gewijzigd@example.nl', isAdmin: true });
    // The promoted user's existing token now opens admin routes: isAdmin is read per request.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/users', headers: target.headers })).statusCode).toBe(200);

    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${target.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/admin/users/${target.id}`)).statusCode).toBe(404);
  });

  it('keeps an admin from demoting or deleting themselves', async () => {
    const demote = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      headers: admin.headers,
      payload: { isAdmin: false },
    });
    expect(demote.statusCode).toBe(400);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${admin.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(400);
    expect((await get(`/api/admin/users/${admin.id}`)).json().isAdmin).toBe(true);
  });

  it('refuses an email that another account uses, and an unknown id', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      headers: admin.headers,
      payload: { email: 'anna@example.nl' },
    });
    expect(res.statusCode).toBe(409);
    expect((await get('/api/admin/users/999999')).json()).toEqual({ error: 'User not found' });
  });
});
