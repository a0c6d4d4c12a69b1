/**
 * The role matrix: every route that declares an admin area, found from the app's own route
 * catalog (so a route added tomorrow is covered without touching this test), called as
 * anonymous, user, merchandiser, store manager (of store 1, on store 1's and on store 2's
 * objects) and admin. "passes" means the route let the caller through: any answer but 401/403.
 *
 * Fixtures give every kind of object the id of its store (store 1 owns feed 1, run 1, price 1),
 * so a route's `:id` of 1 is the manager's own store and 2 the other store. Requests go over
 * real HTTP so that streaming routes (server-sent events) answer with their status at once.
 */
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createTestUser, type TestUser } from '../../../test/auth';
import { isAdminArea, type AdminArea } from './access';

let ctx: TestContext;
let baseUrl: string;
const callers: Record<'user' | 'merchandiser' | 'storeManager' | 'admin', TestUser> = {} as never;

const OWN_STORE = 1;
const OTHER_STORE = 2;

beforeAll(async () => {
  ctx = await createTestApp();
  // The admin is user 1, so DELETE /admin/users/1 is the admin deleting themself (refused, nothing lost).
  callers.admin = await createTestUser(ctx.app, { role: 'admin' });
  callers.user = await createTestUser(ctx.app);
  callers.merchandiser = await createTestUser(ctx.app, { role: 'merchandiser' });
  await ctx.database.query(
    `insert into stores (id, name, slug, url) values (1, 'MegaKoop', 'megakoop', 'https://megakoop.example'),
       (2, 'Prijsbaas', 'prijsbaas', 'https://prijsbaas.example')`,
  );
  // Two stores of their own: when the matrix deletes store 1, the manager stays limited to store 3.
  await ctx.database.query(`insert into stores (id, name, slug, url) values (3, 'Derde', 'derde', 'https://derde.example')`);
  callers.storeManager = await createTestUser(ctx.app, { role: 'store_manager', storeIds: [OWN_STORE, 3] });
  await ctx.database.query(`insert into products (id, slug, name) values (1, 'een', 'Product een'), (2, 'twee', 'Product twee')`);
  await ctx.database.query(
    `insert into store_feeds (id, store_id, name, importer, path) values
       (1, 1, 'Feed een', 'tradetracker', 'megakoop/feed.xml'), (2, 2, 'Feed twee', 'tradetracker', 'prijsbaas/feed.xml')`,
  );
  await ctx.database.query(`insert into feed_runs (id, feed_id, status) values (1, 1, 'succeeded'), (2, 2, 'succeeded')`);
  await ctx.database.query(
    `insert into prices (id, product_id, store_id, amount, total, url) values
       (1, 1, 1, 1000, 1000, 'https://megakoop.example/p/1'), (2, 2, 2, 2000, 2000, 'https://prijsbaas.example/p/2')`,
  );
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = address.startsWith('http') ? address : `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/** A concrete URL for a route pattern: every parameter becomes `id`, a wildcard a plain segment. */
const concreteUrl = (pattern: string, id: number) => pattern.replace(/:[A-Za-z0-9_]+/g, String(id)).replace(/\*/g, 'x');

/**
 * Bodies valid enough to get past validation, for routes whose store check needs the body to be
 * read first; every other write is sent `{}` (enough to show whether the caller got through).
 */
const VALID_BODIES: Record<string, object> = {
  'POST /api/store-feeds/store/:storeId': { name: 'Proef', importer: 'tradetracker', path: 'megakoop/proef.xml' },
};

async function call(method: string, url: string, caller: TestUser | null, body: object = {}): Promise<number> {
  const controller = new AbortController();
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(caller ? caller.headers : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: controller.signal,
  });
  // Only the status matters; a stream (server-sent events) is cut off here.
  controller.abort();
  return response.status;
}

const verdict = (status: number) => (status === 401 ? '401' : status === 403 ? '403' : 'passes');

interface Expectation {
  anonymous: string;
  user: string;
  merchandiser: string;
  storeManagerOwnStore: string;
  storeManagerOtherStore: string;
  admin: string;
}

/**
 * Routes of the store area that read or change one store's objects by id refuse a manager of
 * another store; lists and creates without an id let them through (lists are filtered).
 */
function expected(area: AdminArea, url: string): Expectation {
  const byId = /:[A-Za-z]/.test(url);
  return {
    anonymous: '401',
    user: '403',
    merchandiser: area === 'catalog' ? 'passes' : '403',
    storeManagerOwnStore: area === 'stores' ? 'passes' : '403',
    storeManagerOtherStore: area === 'stores' && !byId ? 'passes' : '403',
    admin: 'passes',
  };
}

const ROLES = ['anonymous', 'user', 'merchandiser', 'storeManagerOwnStore', 'storeManagerOtherStore', 'admin'] as const;

it('covers the admin routes of every area, found in the route catalog', () => {
  const routes = ctx.app.routeCatalog.filter((route) => isAdminArea(route.access)).map((r) => `${r.method} ${r.url}`);
  expect(routes).toEqual(
    expect.arrayContaining(['GET /api/auth/users', 'DELETE /api/admin/users/:id', 'GET /api/admin/audit', 'GET /api/admin/outbox']),
  );
  expect(new Set(ctx.app.routeCatalog.filter((r) => isAdminArea(r.access)).map((r) => r.access))).toEqual(
    new Set(['catalog', 'stores', 'config', 'users']),
  );
});

it('answers every admin route for each role as the matrix says', async () => {
  const routes = ctx.app.routeCatalog.filter((route) => isAdminArea(route.access) && route.method !== 'HEAD');
  const actual: Record<string, Expectation> = {};
  const wanted: Record<string, Expectation> = {};
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const own = concreteUrl(route.url, OWN_STORE);
    const other = concreteUrl(route.url, OTHER_STORE);
    const body = VALID_BODIES[key];
    wanted[key] = expected(route.access as AdminArea, route.url);
    // Callers who may change things go last, the admin after the store manager.
    actual[key] = {
      anonymous: verdict(await call(route.method, own, null, body)),
      user: verdict(await call(route.method, own, callers.user, body)),
      merchandiser: verdict(await call(route.method, own, callers.merchandiser, body)),
      storeManagerOtherStore: verdict(await call(route.method, other, callers.storeManager, body)),
      storeManagerOwnStore: verdict(await call(route.method, own, callers.storeManager, body)),
      admin: verdict(await call(route.method, own, callers.admin, body)),
    };
  }
  // One line per route, so a failure names the route and the role.
  const lines = (table: Record<string, Expectation>) =>
    Object.entries(table).map(([key, row]) => `${key} → ${ROLES.map((role) => `${role}:${row[role]}`).join(' ')}`);
  expect(lines(actual)).toEqual(lines(wanted));
  // Six requests (one per caller) for every admin route, some of which write: several seconds.
}, 60_000);
