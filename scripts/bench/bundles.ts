/**
 * Front-end bundle figures (`npm run bench:bundles`): builds what is not built, then prints per
 * front end the gzip size of its entry (remoteEntry.js / main) and of all its JS, and the gzip
 * JS a browser downloads for the first load of `/`, a category page and a product page (anonymous
 * visitor) and `/admin/users` (admin).
 * The page loads run in headless Chromium against a small static server laid out like
 * production (shell at /, remotes under /remotes/<name>/, remotes.json inlined); API calls are
 * answered by stubs, so only the JavaScript is measured. `--share-antd` measures the variant
 * with antd shared whole (built into a scratch folder). `--base-url http://localhost:8080`
 * measures the server-rendered visitor pages of a running `npm start` instead (real data, the
 * HTML as served; each JS file counted at its gzip -9 size).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { build } from '../webpack/build';
import { ROOT_DIR } from '../webpack/config';
import { FRONT_ENDS, type FrontEnd, REMOTES } from '../../shared/build/front-ends';
import { makePrice, makeProduct, pagination } from '../../mfe-storefront/src/test/fixtures';
import { visitorPagesToMeasure } from './visitor-pages';

const shareAntd = process.argv.includes('--share-antd');
/** `--files`: list every JS file of each first load with its gzip size. */
const listFiles = process.argv.includes('--files');
const distOf = (frontEnd: FrontEnd) =>
  shareAntd ? join(ROOT_DIR, 'scripts/bench/.cache/share-antd', frontEnd.workspace) : join(ROOT_DIR, frontEnd.workspace, 'dist');

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function ensureBuilt(): Promise<void> {
  for (const frontEnd of FRONT_ENDS) {
    const dist = distOf(frontEnd);
    if (existsSync(join(dist, 'mf-manifest.json'))) continue;
    console.log(`building ${frontEnd.workspace}…`);
    await build(frontEnd.workspace, shareAntd ? { outDir: dist, shareAntd: true } : {});
  }
}

function printStaticSizes(): void {
  console.log('\nPer front end (gzip -9):');
  for (const frontEnd of FRONT_ENDS) {
    const dist = distOf(frontEnd);
    const js = readdirSync(dist).filter((file) => file.endsWith('.js'));
    const entryFile = frontEnd.kind === 'host' ? js.find((file) => file.startsWith('main.')) : 'remoteEntry.js';
    const total = js.reduce((sum, file) => sum + gzipSize(join(dist, file)), 0);
    const entry = entryFile ? gzipSize(join(dist, entryFile)) : 0;
    console.log(`  ${frontEnd.workspace.padEnd(18)} entry ${kib(entry).padStart(10)}   all JS ${kib(total).padStart(10)} (${js.length} files)`);
  }
}

const MIME: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.html': 'text/html',
  '.woff2': 'font/woff2',
};

/** Serves the dists like production and counts the gzip bytes of every JS file it sends. */
function startStaticServer(): Promise<{ server: Server; origin: string; jsBytes: { total: number; files: string[]; sizes: Map<string, number> } }> {
  const jsBytes = { total: 0, files: [] as string[], sizes: new Map<string, number>() };
  const shell = FRONT_ENDS.find((frontEnd) => frontEnd.kind === 'host')!;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench');
    const origin = `http://${request.headers.host}`;
    const remotesConfig = Object.fromEntries(
      REMOTES.map((remote) => [remote.name, `${origin}/remotes/${remote.servedAs}/mf-manifest.json`]),
    );
    let file: string | undefined;
    const remote = REMOTES.find((candidate) => url.pathname.startsWith(`/remotes/${candidate.servedAs}/`));
    if (url.pathname === '/remotes.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(remotesConfig));
      return;
    }
    if (remote) file = join(distOf(remote), url.pathname.slice(`/remotes/${remote.servedAs}/`.length));
    else if (url.pathname !== '/' && existsSync(join(distOf(shell), url.pathname))) file = join(distOf(shell), url.pathname);
    if (!file || !existsSync(file) || !statSync(file).isFile()) {
      // SPA fallback: the shell's index.html with remotes.json inlined, as the API serves it.
      const html = readFileSync(join(distOf(shell), 'index.html'), 'utf8').replace(
        '</head>',
        `<script id="remotes-config" type="application/json">${JSON.stringify(remotesConfig)}</script></head>`,
      );
      response.writeHead(200, { 'content-type': 'text/html' }).end(html);
      return;
    }
    if (file.endsWith('.js')) {
      jsBytes.total += gzipSize(file);
      jsBytes.files.push(url.pathname);
      jsBytes.sizes.set(url.pathname, gzipSize(file));
    }
    response.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, origin: `http://127.0.0.1:${port}`, jsBytes });
    }),
  );
}

const ADMIN = { id: 1, email: 'admin@koopjesland.nl', isAdmin: true, createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' };

/** API stubs: enough for the pages to load their code. */
async function stubApi(page: Page): Promise<void> {
  await page.route('**/api/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    const json = (status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (path.endsWith('/auth/profile')) return json(200, ADMIN);
    // Visitor pages: one category and one product, so their page chunks render fully.
    if (path.endsWith('/categories/page/televisies'))
      return json(200, {
        products: [makeProduct({ id: 1, name: 'OLED TV' }), makeProduct({ id: 2, name: 'QLED TV' })],
        pagination: pagination(2),
        category: { id: 4, name: 'Televisies', slug: 'televisies', settings: null },
        breadcrumb: [{ id: 4, name: 'Televisies', slug: 'televisies' }],
        subcategories: [],
      });
    if (path.endsWith('/categories/televisies/filters')) return json(200, { brands: ['LG', 'Sony'], stores: [{ id: 1, name: 'Bol' }] });
    if (path.endsWith('/products/1'))
      return json(200, {
        ...makeProduct({ id: 1, name: 'OLED TV', slug: 'oled-tv' }),
        images: [{ id: 1, url: '/media/products/1-1.svg', store: null, width: null, height: null, filename: null, main: true, isDisabled: false }],
        prices: [makePrice(), makePrice({ id: 501, total: 10999, isLowest: false, store: { id: 2, name: 'Coolblue', logo: null } })],
        categories: [{ id: 4, name: 'Televisies', slug: 'televisies' }],
        breadcrumb: [{ id: 4, name: 'Televisies', slug: 'televisies' }],
      });
    // The product's price history (90 days), so the chart's code would load if it were part of the first load.
    if (path.endsWith('/products/1/price-history')) {
      const days = Array.from({ length: 90 }, (_, index) => new Date(Date.UTC(2026, 10, index - 64)).toISOString().slice(0, 10));
      const lowest = days.map((_, index) => (index < 80 ? 10999 : 9999));
      return json(200, {
        productId: 1,
        range: '90d',
        days,
        lowest,
        stores: [{ store: { id: 1, name: 'Bol', slug: 'bol' }, totals: lowest }],
        lowestInRange: { day: days[80], total: 9999 },
        highestInRange: { day: days[0], total: 10999 },
        current: 9999,
        lowestInDays: 90,
      });
    }
    if (path.endsWith('/auth/users'))
      return json(200, { users: [ADMIN], pagination: { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 20 } });
    return json(404, { error: 'Not found' });
  });
}

async function measurePageLoads(): Promise<void> {
  const { server, origin, jsBytes } = await startStaticServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const scenarios = [
      { label: '/ (visitor)', path: '/', admin: false },
      { label: '/televisies (visitor)', path: '/televisies', admin: false },
      { label: '/product/oled-tv/1 (visitor)', path: '/product/oled-tv/1', admin: false },
      { label: '/admin/users (admin)', path: '/admin/users', admin: true },
    ];
    console.log('\nFirst load in Chromium (gzip JS downloaded; cold cache):');
    for (const scenario of scenarios) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await stubApi(page);
      if (scenario.admin) {
        await context.addInitScript((user) => {
          localStorage.setItem('authToken', 'bench-token');
          localStorage.setItem('authUser', JSON.stringify(user));
          localStorage.setItem('cookie_consent', 'all');
        }, ADMIN);
      }
      jsBytes.total = 0;
      jsBytes.files = [];
      await page.goto(`${origin}${scenario.path}`, { waitUntil: 'networkidle' });
      // What the page shows, so a figure from a page that failed to render is not trusted.
      const heading = await page.evaluate(() => document.querySelector('h1, h2, h3, h4, h5, [role="alert"], .ant-table')?.textContent?.trim().slice(0, 40) ?? '(no heading)');
      console.log(`  ${scenario.label.padEnd(30)} ${kib(jsBytes.total).padStart(10)} in ${jsBytes.files.length} JS files (now at ${new URL(page.url()).pathname}, shows "${heading}")`);
      if (listFiles) for (const file of jsBytes.files) console.log(`      ${kib(jsBytes.sizes.get(file) ?? 0).padStart(10)}  ${file}`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

const baseUrlIndex = process.argv.indexOf('--base-url');
const SERVED_BASE_URL = baseUrlIndex >= 0 ? process.argv[baseUrlIndex + 1] : undefined;

/** First loads of a running server's visitor pages: every JS response, at its gzip -9 size. */
async function measureServedPages(baseUrl: string): Promise<void> {
  const pages = (await visitorPagesToMeasure(baseUrl)).filter((page) => page.name !== 'search');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    console.log(`\nFirst load of ${baseUrl} in Chromium (gzip -9 JS downloaded; cold cache):`);
    for (const visitorPage of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const files: { url: string; bytes: Promise<number> }[] = [];
      page.on('response', (response) => {
        if (!/\.js(\?|$)/.test(new URL(response.url()).pathname)) return;
        // A body the browser let go of (a redirect, a preload it dropped) is fetched again for its size.
        const body = response
          .body()
          .catch(async () => Buffer.from(await (await fetch(response.url())).arrayBuffer()));
        files.push({ url: response.url(), bytes: body.then((content) => gzipSync(content, { level: 9 }).length) });
      });
      await page.goto(`${baseUrl}${visitorPage.path}`, { waitUntil: 'networkidle' });
      const sizes = await Promise.all(files.map((file) => file.bytes));
      const total = sizes.reduce((sum, size) => sum + size, 0);
      const heading = await page.evaluate(() => document.querySelector('h1')?.textContent?.trim().slice(0, 40) ?? '(no h1)');
      console.log(`  ${`${visitorPage.name} ${visitorPage.path}`.slice(0, 44).padEnd(46)} ${kib(total).padStart(10)} in ${files.length} JS files (shows "${heading}")`);
      if (listFiles) files.forEach((file, index) => console.log(`      ${kib(sizes[index]!).padStart(10)}  ${new URL(file.url).pathname}`));
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (SERVED_BASE_URL) return measureServedPages(SERVED_BASE_URL);
  await ensureBuilt();
  console.log(shareAntd ? 'Variant: antd shared whole as a singleton' : 'Variant: each front end bundles the antd parts it uses');
  printStaticSizes();
  await measurePageLoads();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
