/**
 * The API's side of server rendering (renderer.ts, plugin.ts), with a stand-in for the
 * shell's Node build: it loads the "storefront container" from the URL it is given (over HTTP from
 * this server, like the real one), reads data through the in-process API fetch, and renders a page
 * naming what it saw. The real builds are proved by e2e/tests/server-rendering.e2e.ts.
 */
import { frontEndBuildsFolder, openFrontEndApp, type FrontEndApp } from '../../../api/test/front-end-builds';
import { composeServerRenderedPage, SERVER_RENDERED_CACHE_CONTROL } from './plugin';
import { isServerRenderedPath, languageOf, renderHintsOf, serverContainerUrl, storefrontHeadLinks } from './renderer';

const { root, write } = frontEndBuildsFolder('koopjesland-ssr-');
write(
  'shell/dist/index.html',
  '<!doctype html><html lang="nl"><head><title>Koopjesland</title><script defer src="/main.1a2b3c4d.js"></script></head><body><div id="root"></div></body></html>',
);
write('mfe-storefront/dist/mf-manifest.json', '{"name":"storefront"}');
write('mfe-storefront/dist/server/remoteEntry.js', 'storefront v1');
write(
  'shell/dist/server/server.js',
  `
let container = null;
let loadedFrom = null;
exports.renderPage = async (request) => {
  if (!container || request.reloadStorefront || loadedFrom !== request.storefrontEntry) {
    loadedFrom = request.storefrontEntry;
    container = null;
    const response = await fetch(request.storefrontEntry);
    if (!response.ok) throw new Error('the storefront container answered ' + response.status);
    container = await response.text();
  }
  const path = request.url.split('?')[0];
  // Never done: stops only when told to (the budget is spent), and counts that it was told.
  if (path === '/traag') {
    return new Promise((_, reject) => request.signal.addEventListener('abort', () => {
      globalThis.stoppedRenders = (globalThis.stoppedRenders || 0) + 1;
      reject(new Error('stopped'));
    }));
  }
  if (path === '/langzaam') await new Promise((resolve) => setTimeout(resolve, 500));
  if (path === '/stuk') throw new Error('the storefront threw while rendering');
  if (path === '/product/oude-naam/5') return { status: 301, location: '/product/nieuwe-naam/5', html: '', head: '', state: {} };
  const health = await (await request.apiFetch(request.apiBaseUrl + '/health')).json();
  const status = path === '/onbekend' ? 404 : 200;
  return {
    status,
    html: '<main><h1>' + container + '</h1><p>' + request.language + ' ' + request.origin + ' ' + health.status + ' '
      + (request.siteConfiguration ? request.siteConfiguration.name : 'no site') + '</p></main>',
    head: '<title>Pagina ' + path + '</title><meta property="og:title" content="Pagina"/>',
    state: { language: request.language, note: '</script><script>alert(1)</script>' },
  };
};
`,
);

let app: FrontEndApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await openFrontEndApp(
    root,
    { serverRendering: { enabled: true, budgetMs: 3_000, remoteTtlMs: 0, maxConcurrent: 2 } },
    { listen: true },
  ));
});
afterAll(() => close());

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'www.koopjesland.test', ...headers } });

it('renders a visitor page on the server: markup in #root, head, language, state; cacheable, varying on language', async () => {
  const res = await page('/laptops?page=2', { 'accept-language': 'en-GB,en;q=0.9,nl;q=0.5' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe(SERVER_RENDERED_CACHE_CONTROL);
  expect(res.headers.vary).toBe('Host, Accept-Language, Cookie, Sec-CH-UA-Mobile, User-Agent');
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  expect(res.body).toContain('<html lang="en">');
  // The API answered in-process; the origin is the request's host.
  expect(res.body).toContain('<div id="root"><main><h1>storefront v1</h1><p>en http://www.koopjesland.test ok no site</p></main></div>');
  expect(res.body).toContain('<title>Pagina /laptops</title><meta property="og:title" content="Pagina"/>');
  expect(res.body).not.toContain('<title>Koopjesland</title>');
  const state = /<script id="kl-state" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!;
  expect(state).not.toContain('</script>');
  expect(JSON.parse(state)).toEqual({ language: 'en', note: '</script><script>alert(1)</script>' });
});

it('takes the language from the cookie first, then Accept-Language, Dutch by default', async () => {
  expect((await page('/', { cookie: 'a=b; i18nextLng=nl', 'accept-language': 'en' })).body).toContain('<html lang="nl">');
  expect((await page('/', { cookie: 'i18nextLng=en' })).body).toContain('<html lang="en">');
  expect((await page('/', { 'accept-language': 'de-DE,fr' })).body).toContain('<html lang="nl">');
  expect(languageOf({ headers: { 'accept-language': 'de;q=1, en;q=0.4, nl;q=0.8' } })).toBe('nl');
});

it('renders the phone layout for phones and the consent dialog until the choice’s cookie comes along', () => {
  const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const desktopChrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';
  expect(renderHintsOf({ headers: { 'user-agent': iPhone } })).toEqual({ mobile: true, consentDecided: false });
  expect(renderHintsOf({ headers: { 'user-agent': desktopChrome } }).mobile).toBe(false);
  // Chromium's client hint wins over the user agent (a desktop site requested on a phone).
  expect(renderHintsOf({ headers: { 'user-agent': iPhone, 'sec-ch-ua-mobile': '?0' } }).mobile).toBe(false);
  expect(renderHintsOf({ headers: { 'user-agent': desktopChrome, 'sec-ch-ua-mobile': '?1' } }).mobile).toBe(true);
  expect(renderHintsOf({ headers: { cookie: 'i18nextLng=nl; cookie_consent=essential' } }).consentDecided).toBe(true);
  expect(renderHintsOf({ headers: { cookie: 'cookie_consent=all' } }).consentDecided).toBe(true);
  expect(renderHintsOf({ headers: { cookie: 'cookie_consent=maybe; other=1' } }).consentDecided).toBe(false);
});

it('answers 404 with the rendered page for an unknown slug and 301 to a product’s own address', async () => {
  const missing = await page('/onbekend');
  expect(missing.statusCode).toBe(404);
  expect(missing.body).toContain('<h1>storefront v1</h1>');
  const moved = await page('/product/oude-naam/5');
  expect(moved.statusCode).toBe(301);
  expect(moved.headers.location).toBe('/product/nieuwe-naam/5');
});

it('answers the client-rendered shell with 200 when a render throws or exceeds its budget', async () => {
  for (const url of ['/stuk', '/traag']) {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<title>Koopjesland</title>');
    expect(res.body).not.toContain('kl-state');
  }
  // The render over budget was stopped, not left running in the background.
  expect((globalThis as { stoppedRenders?: number }).stoppedRenders).toBe(1);
});

it('sheds load: beyond the renders it may run at once, a request gets the client-rendered page at once', async () => {
  // Three different pages (requests for one page would share one render, rendered-page-cache.ts).
  const answers = await Promise.all([page('/langzaam?a'), page('/langzaam?b'), page('/langzaam?c')]);
  const rendered = answers.filter((res) => res.body.includes('id="kl-state"'));
  const shed = answers.filter((res) => res.body.includes('<div id="root"></div>'));
  expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
  expect(rendered).toHaveLength(2);
  expect(shed).toHaveLength(1);
  // Afterwards there is room again.
  expect((await page('/langzaam')).body).toContain('id="kl-state"');
});

it('picks up a new storefront container without a restart, and falls back while the container is unreachable', async () => {
  write('mfe-storefront/dist/server/remoteEntry.js', 'storefront v2');
  let body = '';
  for (let attempt = 0; attempt < 50 && !body.includes('storefront v2'); attempt += 1) {
    body = (await page('/')).body;
    if (!body.includes('storefront v2')) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(body).toContain('<h1>storefront v2</h1>');

  // The storefront moved to an origin that does not answer.
  app.config.remoteManifestUrls.storefront = 'http://127.0.0.1:9/storefront/mf-manifest.json';
  const res = await page('/product/sony-wh-1000/12');
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('<div id="root"></div>');
  delete app.config.remoteManifestUrls.storefront;
});

it('renders the storefront’s visitor pages only; admin, account and asset paths stay client-side', () => {
  for (const path of ['/', '/search', '/laptops', '/product/sony-wh-1000/12']) expect(isServerRenderedPath(path)).toBe(true);
  for (const path of ['/admin/users', '/login', '/wishlist', '/privacy', '/main.1a2b3c4d.js', '/a/b', '/product/x']) {
    expect(isServerRenderedPath(path)).toBe(false);
  }
  expect(serverContainerUrl('/remotes/storefront/mf-manifest.json', 'http://127.0.0.1:8080')).toBe(
    'http://127.0.0.1:8080/remotes/storefront/server/remoteEntry.js',
  );
  expect(serverContainerUrl('https://storefront.koopjesland.nl/mf-manifest.json', 'http://127.0.0.1:8080')).toBe(
    'https://storefront.koopjesland.nl/server/remoteEntry.js',
  );
});

it('puts the page into index.html without touching the rest', () => {
  const html = composeServerRenderedPage('<html lang="nl"><head><title>K</title></head><body><div id="root"></div></body></html>', {
    status: 200,
    html: '<p>x</p>',
    head: '<title>Y</title>',
    state: { language: 'en', siteConfiguration: null, stores: {} },
    language: 'en',
  });
  expect(html).toBe(
    '<html lang="en"><head><title>Y</title><script id="kl-state" type="application/json">{"language":"en","siteConfiguration":null,"stores":{}}</script></head><body><div id="root"><p>x</p></div></body></html>',
  );
});

it('links the storefront’s own stylesheets (not its lazy parts’) and preloads its manifest, entry and routes scripts, at the URLs the browser uses', () => {
  const manifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    exposes: [
      {
        name: 'routes',
        assets: {
          css: { sync: ['routes.1a.css'], async: ['page.2b.css', 'routes.1a.css'] },
          js: { sync: ['129.3c.js', 'routes.4d.js'] },
        },
      },
    ],
  };
  expect(storefrontHeadLinks(manifest, 'https://www.koopjesland.test/remotes/storefront/mf-manifest.json')).toEqual({
    stylesheets: '<link rel="stylesheet" href="https://www.koopjesland.test/remotes/storefront/routes.1a.css"/>',
    preloads:
      '<link rel="preload" href="https://www.koopjesland.test/remotes/storefront/mf-manifest.json" as="fetch" crossorigin="anonymous"/>' +
      '<link rel="preload" href="https://www.koopjesland.test/remotes/storefront/remoteEntry.js" as="script"/>' +
      '<link rel="preload" href="https://www.koopjesland.test/remotes/storefront/129.3c.js" as="script"/>' +
      '<link rel="preload" href="https://www.koopjesland.test/remotes/storefront/routes.4d.js" as="script"/>',
  });
  // A storefront on its own origin with a fixed public path.
  const elsewhere = { ...manifest, metaData: { ...manifest.metaData, publicPath: 'https://cdn.koopjesland.test/sf/' } };
  expect(storefrontHeadLinks(elsewhere, 'https://cdn.koopjesland.test/sf/mf-manifest.json').preloads).toContain(
    '<link rel="preload" href="https://cdn.koopjesland.test/sf/remoteEntry.js" as="script"/>',
  );
  expect(storefrontHeadLinks({ name: 'storefront' } as never, 'https://x.test/mf-manifest.json')).toEqual({ stylesheets: '', preloads: '' });
});
