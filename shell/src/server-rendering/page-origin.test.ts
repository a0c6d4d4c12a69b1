/**
 * The origin of a server-rendered page's absolute addresses (page-origin.ts): from the site
 * configurations' domains and PUBLIC_URL, never from the Host or X-Forwarded-Host as sent, and a
 * forged header cannot put its host into the rendered-page cache. A stand-in for the shell's Node
 * build writes the origin it is given into the canonical link, og:url and JSON-LD, as the
 * storefront's pages do; the storefront's manifest names a stylesheet and a script, which the
 * server links in the head.
 */
import { siteConfigurations } from '../../../api/src/db/schema';
import { frontEndBuildsFolder, openFrontEndApp, type FrontEndApp } from '../../../api/test/front-end-builds';
import { resolvePageOrigin } from '../../../api/src/features/site-configuration/page-origin';

const { root, write } = frontEndBuildsFolder('koopjesland-origin-');
write('shell/dist/index.html', '<!doctype html><html lang="nl"><head><title>K</title></head><body><div id="root"></div></body></html>');
write(
  'mfe-storefront/dist/mf-manifest.json',
  JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    exposes: [{ name: 'routes', assets: { css: { sync: ['routes.1a.css'], async: [] }, js: { sync: ['routes.4d.js'] } } }],
  }),
);
write('mfe-storefront/dist/server/remoteEntry.js', 'storefront');
write(
  'shell/dist/server/server.js',
  `
exports.renderPage = async (request) => {
  const path = request.url.split('?')[0];
  return {
    status: 200,
    html: '<main>' + (request.siteConfiguration ? request.siteConfiguration.name : 'no site') + '</main>',
    head: '<link rel="canonical" href="' + request.origin + path + '"/><meta property="og:url" content="' + request.origin + path + '"/>'
      + '<script type="application/ld+json">{"url":"' + request.origin + '/"}</script>',
    state: {},
  };
};
`,
);

const options = {
  serverRendering: { enabled: true, budgetMs: 3_000, remoteTtlMs: 60_000, maxConcurrent: 4, cacheTtlMs: 60_000, cacheMaxEntries: 50 },
};

async function openSite(trustProxy: false | number): Promise<{ app: FrontEndApp; close(): Promise<void> }> {
  const opened = await openFrontEndApp(root, options, { listen: true, config: { publicUrl: 'https://www.koopjesland.test', trustProxy } });
  await opened.app.db.insert(siteConfigurations).values([
    { title: 'Koopjesland', name: 'Koopjesland NL', description: 'Koopjes', domainNames: ['www.koopjesland.test'] },
    { title: 'Koopjesland', name: 'Koopjesland BE', description: 'Koopjes', domainNames: ['koopjesland-be.test'] },
  ]);
  // The storefront's manifest is read beside the first render: wait until the page links its files.
  for (let tries = 0; tries < 200; tries += 1) {
    // A new address each time: a page rendered before the manifest arrived stays in the page cache.
    const res = await get(opened.app, `/?wait=${tries}`);
    if (res.body.includes('routes.1a.css')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return opened;
}

const get = (app: FrontEndApp, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'www.koopjesland.test', ...headers } });

/** Every absolute address in the page (canonical, og:url, JSON-LD, stylesheet and preloads). */
const absoluteUrls = (html: string) => [...html.matchAll(/https?:\/\/[^"'\s<]+/g)].map((match) => match[0]);

describe('behind no trusted proxy (TRUST_PROXY unset)', () => {
  let app: FrontEndApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await openSite(false));
    // A database, an app listening on a port and its first renders: longer than one request on a busy machine.
  }, 30_000);
  afterAll(() => close(), 30_000);

  it('ignores X-Forwarded-Host and a forged Host: no foreign host in the page, and the next visitor’s cached copy is clean', async () => {
    for (const [url, headers] of [
      ['/laptops', { 'x-forwarded-host': 'evil.example' }],
      ['/koffie', { host: 'evil.example' }],
      ['/drogers', { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example' }],
    ] as const) {
      const forged = await get(app, url, headers);
      expect(forged.statusCode).toBe(200);
      expect(forged.body).not.toContain('evil.example');
      expect(forged.body).toContain(`<link rel="canonical" href="https://www.koopjesland.test${url}"/>`);
      expect(forged.body).toContain('<main>Koopjesland NL</main>');
      const next = await get(app, url);
      expect(next.headers['x-render-cache']).toBe('hit');
      expect(next.body).not.toContain('evil.example');
      expect(next.body).toBe(forged.body);
    }
  });

  it('builds every absolute address of the page from configuration', async () => {
    const res = await get(app, '/wasmachines', { host: 'evil.example' });
    const urls = absoluteUrls(res.body);
    expect(urls).toEqual(
      expect.arrayContaining([
        'https://www.koopjesland.test/wasmachines',
        'https://www.koopjesland.test/',
        'https://www.koopjesland.test/remotes/storefront/routes.1a.css',
        'https://www.koopjesland.test/remotes/storefront/routes.4d.js',
      ]),
    );
    for (const url of urls) expect(url.startsWith('https://www.koopjesland.test/')).toBe(true);
  });

  it('serves another site configuration’s domain under that domain', async () => {
    const res = await get(app, '/wasmachines', { host: 'koopjesland-be.test' });
    expect(res.body).toContain('<link rel="canonical" href="https://koopjesland-be.test/wasmachines"/>');
    expect(res.body).toContain('<main>Koopjesland BE</main>');
  });

  it('names in Vary every request header the page (and its cache entry) depends on', async () => {
    const res = await get(app, '/');
    expect(res.headers.vary).toBe('Host, Accept-Language, Cookie, Sec-CH-UA-Mobile, User-Agent');
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  let app: FrontEndApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await openSite(1));
  }, 30_000);
  afterAll(() => close(), 30_000);

  it('uses X-Forwarded-Host when it names one of the site’s domains, and only then', async () => {
    const known = await get(app, '/koffie', { host: '10.0.0.5:8080', 'x-forwarded-host': 'koopjesland-be.test' });
    expect(known.body).toContain('<link rel="canonical" href="https://koopjesland-be.test/koffie"/>');
    expect(known.body).toContain('<main>Koopjesland BE</main>');
    const foreign = await get(app, '/koffie', { host: '10.0.0.5:8080', 'x-forwarded-host': 'evil.example' });
    expect(foreign.body).not.toContain('evil.example');
    expect(foreign.body).toContain('<link rel="canonical" href="https://www.koopjesland.test/koffie"/>');
    expect(foreign.headers.vary).toBe('Host, X-Forwarded-Host, Accept-Language, Cookie, Sec-CH-UA-Mobile, User-Agent');
  });
});

it('takes the scheme and port from PUBLIC_URL, the host name from the site’s domains', () => {
  const known = new Set(['koopjesland.nl', '127.0.0.1']);
  expect(resolvePageOrigin('koopjesland.nl', known, 'https://www.koopjesland.nl')).toEqual({
    origin: 'https://koopjesland.nl',
    domain: 'koopjesland.nl',
  });
  expect(resolvePageOrigin('evil.example', known, 'https://www.koopjesland.nl').origin).toBe('https://www.koopjesland.nl');
  expect(resolvePageOrigin('127.0.0.1', known, 'http://localhost:8080').origin).toBe('http://127.0.0.1:8080');
});
