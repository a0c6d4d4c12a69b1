/**
 * Every route that declares an admin area, found from the app's own route catalog (so a
 * route added tomorrow is covered without touching this test), refuses anonymous callers
 * with 401 and signed-in non-admins with 403.
 */
import { createTestApp, type TestContext } from '../../test/helpers';
import { createTestUser } from '../../test/auth';
import { isAdminArea } from './access';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A concrete URL for a route pattern: every parameter becomes 1, a wildcard a plain segment. */
const concreteUrl = (pattern: string) => pattern.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x');

it('lists admin routes from the route catalog', () => {
  const admin = ctx.app.routeCatalog.filter((route) => isAdminArea(route.access));
  expect(admin.map((r) => `${r.method} ${r.url}`)).toEqual(
    expect.arrayContaining(['GET /api/auth/users', 'DELETE /api/admin/users/:id']),
  );
});

it('refuses anonymous (401) and non-admin (403) callers on every admin route', async () => {
  const user = await createTestUser(ctx.app);
  const admin = ctx.app.routeCatalog.filter((route) => isAdminArea(route.access) && route.method !== 'HEAD');
  const results: string[] = [];
  for (const route of admin) {
    const url = concreteUrl(route.url);
    const method = route.method as 'GET';
    const anonymous = await ctx.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    const nonAdmin = await ctx.app.inject({
      method,
      url,
      headers: user.headers,
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    results.push(`${route.method} ${route.url} ${anonymous.statusCode} ${nonAdmin.statusCode}`);
  }
  expect(results).toEqual(admin.map((route) => `${route.method} ${route.url} 401 403`));
});
