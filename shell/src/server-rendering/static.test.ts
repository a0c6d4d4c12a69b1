import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { frontEndBuildsFolder, openFrontEndApp, type FrontEndApp } from '../../../api/test/front-end-builds';
import { inlineRemotesConfig } from './plugin';
import { contentSecurityPolicy } from '../../../api/src/http/content-security-policy';
import { parseMediaOrigin } from '../../../api/src/config';

const { root, write } = frontEndBuildsFolder('koopjesland-dist-');
write('shell/dist/index.html', '<!doctype html><html><head><title>Koopjesland</title></head><body><div id="root"></div></body></html>');
write('shell/dist/main.3f2a9c1b7d.js', 'console.log("shell")');
write('mfe-storefront/dist/mf-manifest.json', '{"name":"storefront"}');
write('mfe-storefront/dist/static/js/routes.a1b2c3d4e5.js', 'export {}');
// A chunk the build precompressed (scripts/webpack/precompress.ts), and one it did not.
const bigChunk = `export const text = ${JSON.stringify('koopjesland '.repeat(400))};`;
write('mfe-storefront/dist/static/js/big.0f1e2d3c4b.js', bigChunk);
fs.writeFileSync(path.join(root, 'mfe-storefront/dist/static/js/big.0f1e2d3c4b.js.br'), zlib.brotliCompressSync(bigChunk));
write('mfe-storefront/dist/remoteEntry.js', bigChunk);
// What a browser never needs: source maps and the server-side builds.
const INTERNALS: Record<string, string> = {
  '/server/server.js': 'exports.renderPage = () => "shell server bundle"',
  '/server/chunk.9a8b7c6d5e.js': 'exports.chunk = "shell server chunk"',
  '/main.3f2a9c1b7d.js.map': '{"sources":["shell source map"]}',
  '/remotes/storefront/server/remoteEntry.js': 'storefront server container',
  '/remotes/storefront/static/js/routes.a1b2c3d4e5.js.map': '{"sources":["storefront source map"]}',
};
for (const [url, content] of Object.entries(INTERNALS)) {
  write(url.startsWith('/remotes/storefront/') ? `mfe-storefront/dist/${url.slice('/remotes/storefront/'.length)}` : `shell/dist${url}`, content);
}

let app: FrontEndApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await openFrontEndApp(root, {}, { config: { remoteManifestUrls: { storeAdmin: 'https://cdn.example/store-admin/mf-manifest.json' }, mediaOrigin: 'https://media.example' } }));
});
afterAll(() => close());

const html = { accept: 'text/html,application/xhtml+xml' };

it('serves remotes.json from the environment with hosted defaults, never cached', async () => {
  const res = await app.inject({ method: 'GET', url: '/remotes.json' });
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.json()).toEqual({
    storefront: '/remotes/storefront/mf-manifest.json',
    catalogAdmin: '/remotes/catalog-admin/mf-manifest.json',
    storeAdmin: 'https://cdn.example/store-admin/mf-manifest.json',
    configAdmin: '/remotes/config-admin/mf-manifest.json',
  });
});

it('serves index.html with the remotes inlined, also as the fallback for client routes', async () => {
  for (const url of ['/', '/product/sony-koptelefoon/12', '/admin/users']) {
    const res = await app.inject({ method: 'GET', url, headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const inline = /<script id="remotes-config" type="application\/json">(.*?)<\/script>/.exec(res.body);
    expect(JSON.parse(inline![1]!).storeAdmin).toBe('https://cdn.example/store-admin/mf-manifest.json');
  }
});

it('serves a rebuilt shell’s index.html, naming the scripts now on disk', async () => {
  const index = path.join(root, 'shell/dist/index.html');
  const original = fs.readFileSync(index, 'utf8');
  const before = await app.inject({ method: 'GET', url: '/some/page', headers: html });
  expect(before.body).not.toContain('main.9e8d7c6b5a.js');
  try {
    fs.writeFileSync(index, original.replace('</head>', '<script defer src="/main.9e8d7c6b5a.js"></script></head>'));
    // A later modification time, as a deploy's copy has (a test can write twice within the clock's resolution).
    const later = new Date(fs.statSync(index).mtimeMs + 5_000);
    fs.utimesSync(index, later, later);
    // The server looks at the file at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await app.inject({ method: 'GET', url: '/some/page', headers: html });
    expect(after.body).toContain('<script defer src="/main.9e8d7c6b5a.js"></script>');
  } finally {
    fs.writeFileSync(index, original);
  }
});

it('sends a Content-Security-Policy with every page: own and remote origins for scripts, nothing inline, never framed', async () => {
  for (const url of ['/', '/admin/users']) {
    const policy = (await app.inject({ method: 'GET', url, headers: html })).headers['content-security-policy'] as string;
    const directives = Object.fromEntries(
      policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
    );
    expect(directives['script-src']).toEqual(["'self'", 'https://cdn.example']);
    expect(directives['connect-src']).toContain('https://cdn.example');
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    // Images only from our own origin (our copies, uploads), inline data and the configured media
    // origin: never a store's host, never blob:.
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'https://media.example']);
  }
});

describe('source maps and server bundles', () => {
  const spellings = (url: string) => [url, url.replace('server/', '%73erver/'), `/${url}`, url.replace(/\/([^/]+)$/, '/./$1')];

  it('are not served to the internet, however the address is spelled', async () => {
    for (const [url, content] of Object.entries(INTERNALS)) {
      for (const spelled of spellings(url)) {
        const res = await app.inject({ method: 'GET', url: spelled, remoteAddress: '203.0.113.7' });
        expect([spelled, res.statusCode, res.body.includes(content)]).toEqual([spelled, 404, false]);
      }
    }
  });

  it('are not served through a proxy on this host either (it connects from loopback, on a visitor’s behalf)', async () => {
    for (const url of Object.keys(INTERNALS)) {
      const res = await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('are served to this process, whose server render loads the storefront’s container from its own port', async () => {
    const res = await app.inject({ method: 'GET', url: '/remotes/storefront/server/remoteEntry.js', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('storefront server container');
  });

  it('are served to the addresses in BUILD_INTERNALS_ALLOW', async () => {
    const trusted = await openFrontEndApp(root, {}, { config: { buildInternalsAllow: ['10.20.0.0/16'] } });
    try {
      for (const [url, content] of Object.entries(INTERNALS)) {
        const res = await trusted.app.inject({ method: 'GET', url, remoteAddress: '10.20.3.4' });
        expect([url, res.statusCode, res.body]).toEqual([url, 200, content]);
      }
      expect((await trusted.app.inject({ method: 'GET', url: '/server/server.js', remoteAddress: '10.21.0.1' })).statusCode).toBe(404);
    } finally {
      await trusted.close();
    }
  });
});

it('sends a Content-Security-Policy with the API documentation, as with every HTML answer', async () => {
  let res = await app.inject({ method: 'GET', url: '/api/docs' });
  for (let hops = 0; res.statusCode >= 300 && res.statusCode < 400 && hops < 3; hops += 1) {
    res = await app.inject({ method: 'GET', url: new URL(res.headers.location as string, 'http://x/api/docs/').pathname });
  }
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['content-security-policy']).toContain("img-src 'self' data: https://media.example;");
});

it('allows images from our own origin and data: only when no media origin is configured', () => {
  expect(contentSecurityPolicy([])).toContain("img-src 'self' data:;");
  expect(contentSecurityPolicy(['https://cdn.example/storefront/mf-manifest.json'])).toContain("img-src 'self' data:;");
});

it('takes MEDIA_ORIGIN as an origin and stops the start on anything else, naming the variable', () => {
  expect(parseMediaOrigin(undefined)).toBeUndefined();
  expect(parseMediaOrigin(' ')).toBeUndefined();
  expect(parseMediaOrigin('https://media.example.nl/images/')).toBe('https://media.example.nl');
  expect(() => parseMediaOrigin('media.example.nl')).toThrow(/MEDIA_ORIGIN/);
  expect(() => parseMediaOrigin('ftp://media.example.nl')).toThrow(/MEDIA_ORIGIN/);
});

it('caches hashed assets for a year and manifests not at all', async () => {
  const asset = await app.inject({ method: 'GET', url: '/main.3f2a9c1b7d.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const manifest = await app.inject({ method: 'GET', url: '/remotes/storefront/mf-manifest.json' });
  expect(manifest.json()).toEqual({ name: 'storefront' });
  expect(manifest.headers['cache-control']).toBe('no-cache');
  const chunk = await app.inject({ method: 'GET', url: '/remotes/storefront/static/js/routes.a1b2c3d4e5.js' });
  expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

it('sends the build’s brotli copy of an asset, compresses what has none, and caches both as the file', async () => {
  const precompressed = await app.inject({
    method: 'GET',
    url: '/remotes/storefront/static/js/big.0f1e2d3c4b.js',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(precompressed.headers['content-encoding']).toBe('br');
  expect(precompressed.headers['content-type']).toMatch(/javascript/);
  expect(precompressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(zlib.brotliDecompressSync(precompressed.rawPayload).toString()).toBe(bigChunk);

  const entry = await app.inject({ method: 'GET', url: '/remotes/storefront/remoteEntry.js', headers: { 'accept-encoding': 'gzip' } });
  expect(entry.headers['content-encoding']).toBe('gzip');
  expect(entry.headers['cache-control']).toBe('no-cache');
  expect(zlib.gunzipSync(entry.rawPayload).toString()).toBe(bigChunk);

  // A client that accepts no encoding gets the file itself.
  const plain = await app.inject({ method: 'GET', url: '/remotes/storefront/static/js/big.0f1e2d3c4b.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(bigChunk);
});

it('answers 404 for unknown API paths, missing assets and traversal attempts', async () => {
  const api = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: html });
  expect(api.statusCode).toBe(404);
  expect(api.json().error).toBe('Not found');
  expect((await app.inject({ method: 'GET', url: '/missing.4b5c6d7e8f.js' })).statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: '/remotes/storefront/nope.js', headers: html })).statusCode).toBe(404);
  const traversal = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
  expect(traversal.statusCode).toBe(404);
});

it('replaces a placeholder the build left in index.html and escapes markup', () => {
  const out = inlineRemotesConfig('<head><script id="remotes-config" type="application/json">{}</script></head>', {
    storefront: '</script><b>',
  });
  expect(out).toBe('<head><script id="remotes-config" type="application/json">{"storefront":"\\u003c/script>\\u003cb>"}</script></head>');
});

it('draws demo images as SVG', async () => {
  await app.dbHandle.query(`insert into products (id, slug, name, brand) values (7, 'x', 'Sony Koptelefoon WH-100', 'Sony')`);
  const image = await app.inject({ method: 'GET', url: '/media/products/7-1.svg' });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toContain('image/svg+xml');
  expect(image.body).toContain('>S</text>');
  expect((await app.inject({ method: 'GET', url: '/media/products/999-1.svg' })).statusCode).toBe(404);
});
