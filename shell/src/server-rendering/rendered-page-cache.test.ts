/**
 * The cache of server-rendered pages (rendered-page-cache.ts, used by plugin.ts), on a real
 * database, with a stand-in for the shell's Node build (as in renderer.test.ts) that reads the
 * product through the in-process API, as the storefront's product page does (which counts a view),
 * and counts its renders.
 */
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { products, siteConfigurations } from '../../../api/src/db/schema';
import { frontEndBuildsFolder, openFrontEndApp, type FrontEndApp } from '../../../api/test/front-end-builds';
import { createTestUser } from '../../../api/test/auth';
import { flushViews } from '../../../api/src/features/products/view-counter';
import { renderedPageKey } from './rendered-page-cache';
import { renderInputsOf } from './renderer';

const { root, write } = frontEndBuildsFolder('koopjesland-ssr-cache-');
write(
  'shell/dist/index.html',
  '<!doctype html><html lang="nl"><head><title>Koopjesland</title></head><body><div id="root"></div></body></html>',
);
write('mfe-storefront/dist/mf-manifest.json', '{"name":"storefront"}');
write('mfe-storefront/dist/server/remoteEntry.js', 'storefront');
write(
  'shell/dist/server/server.js',
  `
exports.renderPage = async (request) => {
  globalThis.ssrCacheRenders = (globalThis.ssrCacheRenders || 0) + 1;
  const [path, query = ''] = request.url.split('?');
  if (path === '/soms-stuk' && globalThis.failNextRender) {
    globalThis.failNextRender = false;
    throw new Error('the storefront threw while rendering');
  }
  if (query.includes('traag')) await new Promise((resolve) => setTimeout(resolve, 300));
  let title = path;
  const product = /^\\/product\\/[^/]+\\/(\\d+)$/.exec(path);
  if (product) {
    const response = await request.apiFetch(request.apiBaseUrl + '/products/' + product[1]);
    if (response.status === 404) return { status: 404, html: '<h1>niet gevonden</h1>', head: '', state: {} };
    title = (await response.json()).name;
  }
  return {
    status: 200,
    html: '<main><h1>' + title + '</h1><p>' + request.language + ' ' + (request.hints.mobile ? 'phone' : 'desktop')
      + ' ' + (request.hints.consentDecided ? 'decided' : 'ask') + ' ' + query + ' ' + Math.random() + '</p></main>',
    // Over the compression threshold, as real pages are.
    head: '<title>' + title + '</title><meta name="description" content="' + 'Koopjes. '.repeat(200) + '"/>',
    state: {},
  };
};
`,
);

let app: FrontEndApp;
let close: () => Promise<void>;
let productId: number;
beforeAll(async () => {
  ({ app, close } = await openFrontEndApp(
    root,
    {
      serverRendering: { enabled: true, budgetMs: 3_000, remoteTtlMs: 60_000, maxConcurrent: 4, cacheTtlMs: 60_000, cacheMaxEntries: 50 },
    },
    { listen: true },
  ));
  const [product] = await app.db
    .insert(products)
    .values({ slug: 'bosch-serie-6', name: 'Bosch Serie 6 wasmachine', brand: 'Bosch' })
    .returning({ id: products.id });
  productId = product!.id;
  await app.db.insert(siteConfigurations).values({
    title: 'Koopjesland',
    name: 'Koopjesland',
    description: 'Koopjes',
    domainNames: ['www.koopjesland.test', 'andere.koopjesland.test'],
  });
  // The server warms up with a render of `/` when it starts listening: let it finish first, so it
  // is not counted among a test's renders.
  for (let waited = 0; renders() === 0 && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
});
afterAll(() => close());

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'www.koopjesland.test', ...headers } });
const renders = () => (globalThis as { ssrCacheRenders?: number }).ssrCacheRenders ?? 0;
const productPath = () => `/product/bosch-serie-6/${productId}`;

it('answers the same page again from the cache, with identical HTML and headers', async () => {
  const first = await page('/wasmachines');
  const before = renders();
  const second = await page('/wasmachines');
  expect(first.statusCode).toBe(200);
  expect(first.headers['x-render-cache']).toBe('miss');
  expect(second.headers['x-render-cache']).toBe('hit');
  expect(renders()).toBe(before);
  // The stand-in puts a random number in every render: the same text means the same render.
  expect(second.body).toBe(first.body);
  expect(second.body).toContain('id="kl-state"');
  for (const header of ['cache-control', 'vary', 'content-language', 'content-security-policy', 'content-type']) {
    expect(second.headers[header]).toBe(first.headers[header]);
  }
});

it('sends a kept page compressed as the browser accepts', async () => {
  const plain = await page('/koffiezetapparaten');
  for (const [accept, encoding, decompress] of [
    ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
    ['gzip', 'gzip', zlib.gunzipSync],
    ['x-gzip;q=1, br;q=0', 'gzip', zlib.gunzipSync],
  ] as const) {
    const res = await page('/koffiezetapparaten', { 'accept-encoding': accept });
    expect([accept, res.headers['x-render-cache'], res.headers['content-encoding']]).toEqual([accept, 'hit', encoding]);
    expect(res.headers.vary).toBe('Host, Accept-Language, Cookie, Sec-CH-UA-Mobile, User-Agent, Accept-Encoding');
    expect(decompress(res.rawPayload).toString('utf8')).toBe(plain.body);
  }
  const identity = await page('/koffiezetapparaten', { 'accept-encoding': 'identity' });
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(identity.body).toBe(plain.body);
});

it('keys on what the HTML depends on: query string, language, render hints and the site’s domain', async () => {
  await page('/drogers');
  expect((await page('/drogers')).headers['x-render-cache']).toBe('hit');
  const variants: Record<string, string>[] = [
    { 'accept-language': 'en' },
    { 'sec-ch-ua-mobile': '?1' },
    { cookie: 'cookie_consent=all' },
    { host: 'andere.koopjesland.test' },
  ];
  for (const headers of variants) {
    const res = await page('/drogers', headers);
    expect([headers, res.headers['x-render-cache']]).toEqual([headers, 'miss']);
  }
  expect((await page('/drogers?page=2')).headers['x-render-cache']).toBe('miss');
  expect((await page('/drogers', { 'accept-language': 'en' })).body).toContain('<html lang="en">');
  // The same language however the request names it (the render's own choice: cookie, then Accept-Language).
  expect((await page('/drogers', { 'accept-language': 'en-GB' })).headers['x-render-cache']).toBe('hit');
  expect((await page('/drogers', { cookie: 'i18nextLng=en', 'accept-language': 'nl' })).headers['x-render-cache']).toBe('hit');
  // A header the render does not read is not part of the key.
  expect((await page('/drogers', { 'x-something': 'else' })).headers['x-render-cache']).toBe('hit');
  // A host that is none of the site's domains is the canonical domain's page, not a new entry.
  expect((await page('/drogers', { host: 'evil.example' })).headers['x-render-cache']).toBe('hit');
  // The key is made by the render's own reading of the request.
  const origin = { origin: 'http://a.test', domain: 'a.test' };
  expect(renderedPageKey(renderInputsOf({ url: '/x', headers: { cookie: 'i18nextLng=en' } }, origin))).toBe(
    renderedPageKey(renderInputsOf({ url: '/x', headers: { 'accept-language': 'en-US' } }, origin)),
  );
});

it('renders a product page again on the next request after an admin renamed the product', async () => {
  const first = await page(productPath());
  expect(first.body).toContain('<h1>Bosch Serie 6 wasmachine</h1>');
  expect((await page(productPath())).headers['x-render-cache']).toBe('hit');
  const admin = await createTestUser(app, { role: 'admin' });
  const renamed = await app.inject({
    method: 'PUT',
    url: `/api/products/${productId}`,
    headers: admin.headers,
    payload: { name: 'Bosch Serie 8 wasmachine' },
  });
  expect(renamed.statusCode).toBe(200);
  const after = await page(productPath());
  expect(after.headers['x-render-cache']).toBe('miss');
  expect(after.body).toContain('<h1>Bosch Serie 8 wasmachine</h1>');
  expect((await page(productPath())).headers['x-render-cache']).toBe('hit');
});

it('counts a product page’s view on a cached answer too', async () => {
  await flushViews(app.db);
  const viewsNow = async () => {
    await flushViews(app.db);
    const [row] = await app.db.select({ views: products.views }).from(products).where(eq(products.id, productId));
    return row!.views;
  };
  const before = await viewsNow();
  const answers = [await page(productPath(), { 'accept-language': 'en' })];
  for (let i = 0; i < 3; i++) answers.push(await page(productPath(), { 'accept-language': 'en' }));
  expect(answers.map((res) => res.headers['x-render-cache'])).toEqual(['miss', 'hit', 'hit', 'hit']);
  expect(await viewsNow()).toBe(before + 4);
  // An unknown product's page (404) is kept too, and counts nothing.
  const missing = await page('/product/bestaat-niet/999999');
  expect(missing.statusCode).toBe(404);
  const again = await page('/product/bestaat-niet/999999');
  expect([again.statusCode, again.headers['x-render-cache']]).toEqual([404, 'hit']);
  expect(again.body).toBe(missing.body);
  expect(await viewsNow()).toBe(before + 4);
});

it('never keeps the client-rendered fallback: the page is rendered again next time', async () => {
  (globalThis as { failNextRender?: boolean }).failNextRender = true;
  const failed = await page('/soms-stuk');
  expect(failed.statusCode).toBe(200);
  expect(failed.body).toContain('<div id="root"></div>');
  expect(failed.headers['x-render-cache']).toBeUndefined();
  const rendered = await page('/soms-stuk');
  expect(rendered.headers['x-render-cache']).toBe('miss');
  expect(rendered.body).toContain('id="kl-state"');
  expect((await page('/soms-stuk')).headers['x-render-cache']).toBe('hit');
});

it('renders a new page once for many requests that arrive together', async () => {
  const before = renders();
  const answers = await Promise.all(Array.from({ length: 8 }, () => page('/koffie?traag')));
  expect(renders() - before).toBe(1);
  expect(answers.filter((res) => res.headers['x-render-cache'] === 'miss')).toHaveLength(1);
  expect(answers.filter((res) => res.headers['x-render-cache'] === 'hit')).toHaveLength(7);
  expect(new Set(answers.map((res) => res.body)).size).toBe(1);
  expect(answers.every((res) => res.body.includes('id="kl-state"'))).toBe(true);
});

it('renders without the cache when the catalogue version cannot be read, and never answers 500', async () => {
  await app.db.execute(sql`alter sequence catalog_version rename to catalog_version_away`);
  try {
    const res = await page('/zonder-versie');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-render-cache']).toBeUndefined();
    expect(res.body).toContain('id="kl-state"');
    expect(res.body).toContain('<h1>/zonder-versie</h1>');
  } finally {
    await app.db.execute(sql`alter sequence catalog_version_away rename to catalog_version`);
  }
});
