/** The OpenAPI document tells the truth about who may call each route (compared with the route table). */
import { createTestApp, type TestContext } from '../../test/helpers';
import { rolesFor } from '../features/auth/access';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface Operation {
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
  description?: string;
}

/** Fastify's `/api/stores/:id` is OpenAPI's `/api/stores/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

it('declares the bearer scheme and the roles on every guarded route, and none on public ones', async () => {
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const documented = ctx.app.routeCatalog.filter(
    (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
  );
  expect(documented.filter((route) => route.access !== 'public').length).toBeGreaterThan(20);
  const wrong: string[] = [];
  for (const route of documented) {
    const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!operation) continue; // hidden from the document on purpose (schema.hide)
    const guarded = route.access !== 'public';
    const declaresBearer = Boolean(operation.security?.some((scheme) => 'bearer' in scheme));
    if (guarded !== declaresBearer) wrong.push(`${route.method} ${route.url}: security ${declaresBearer}, access ${route.access}`);
    if (guarded && JSON.stringify(operation['x-roles']) !== JSON.stringify(rolesFor(route.access))) {
      wrong.push(`${route.method} ${route.url}: roles ${operation['x-roles']}`);
    }
  }
  expect(wrong).toEqual([]);
});

it('names the roles an admin area needs', () => {
  expect(rolesFor('catalog')).toEqual(['merchandiser', 'admin']);
  expect(rolesFor('stores')).toEqual(['store_manager', 'admin']);
  expect(rolesFor('users')).toEqual(['admin']);
  expect(rolesFor('public')).toEqual([]);
});
