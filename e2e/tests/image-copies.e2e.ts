/**
 * Images from our own origin: a store's feed names its images on the store's own host; after the
 * run the site copies them, and a visitor's product page shows our WebP copies with srcset, and the
 * browser asks the store's host for nothing. The demo catalogue's drawings (product images, store
 * logos, category cards) go the same way, and the CSP allows images from our own origin only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { api, login, runFeedToEnd, withToken } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { BASE_URL, DEMO_ADMIN } from '../support/server';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let storeHost: http.Server;
let storeOrigin = '';
let adminToken = '';
const storeRequests: string[] = [];
const storeName = `Beeldhuis E2E ${Date.now()}`;

const adminApi = withToken(() => adminToken);

interface ShownProduct {
  id: number;
  slug: string;
  images: { url: string; copy: { src: string } | null }[];
}

beforeAll(async () => {
  adminToken = (await login(DEMO_ADMIN.email, DEMO_ADMIN.password)).token;
  // A store's large photos (a 2,000-pixel JPEG, a PNG) and its feed, on the store's own host.
  const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
  const side = await sharp({ create: { width: 900, height: 900, channels: 4, background: { r: 250, g: 200, b: 0, alpha: 1 } } }).png().toBuffer();
  storeHost = http.createServer((request, response) => {
    storeRequests.push(request.url ?? '');
    if (request.url === '/img/molen.jpg') return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (request.url === '/img/molen-zijkant.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(side);
    response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end(
      [
        'merchant_product_id,product_name,search_price,currency,delivery_cost,brand_name,merchant_category,aw_deep_link,merchant_image_url,alternate_image',
        `BH-1,"Beeldhuis koffiemolen",49.95,EUR,0.00,Beeldhuis,"Keuken > Koffie",${storeOrigin}/p/bh-1,${storeOrigin}/img/molen.jpg,${storeOrigin}/img/molen-zijkant.png`,
      ].join('\n'),
    );
  });
  await new Promise<void>((resolve) => storeHost.listen(0, '127.0.0.1', resolve));
  storeOrigin = `http://127.0.0.1:${(storeHost.address() as AddressInfo).port}`;

  const slug = storeName.toLowerCase().replace(/ /g, '-');
  const store = await adminApi<{ id: number }>('stores', {
    method: 'POST',
    body: JSON.stringify({ name: storeName, slug, url: storeOrigin }),
  });
  const feed = await adminApi<{ id: number }>(`store-feeds/store/${store.id}`, {
    method: 'POST',
    body: JSON.stringify({ name: 'awin', importer: 'awin', url: `${storeOrigin}/awin.csv`, path: `${slug}/awin.csv` }),
  });
  await runFeedToEnd(adminApi, feed.id);
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise((resolve) => storeHost?.close(resolve));
});

it('shows a product page whose images all come from our origin, with srcset, and asks the store host for nothing', async () => {
  const { products } = await api<{ products: { id: number }[] }>(`products?search=${encodeURIComponent('Beeldhuis koffiemolen')}`);
  // The copies are made by the worker after the run.
  let product: ShownProduct | undefined;
  for (let tries = 0; tries < 120; tries++) {
    product = await api<ShownProduct>(`products/${products[0]!.id}`);
    if (product.images.length === 2 && product.images.every((image) => image.copy)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(product!.images.map((image) => image.copy?.src)).toEqual([expect.stringMatching(/^\/api\/image-copies\//), expect.stringMatching(/^\/api\/image-copies\//)]);
  const downloadsBefore = storeRequests.filter((url) => url.startsWith('/img/')).length;

  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const copyTypes = new Map<string, string | undefined>();
  page.on('response', (answer) => {
    if (answer.url().includes('/api/image-copies/')) copyTypes.set(answer.url(), answer.headers()['content-type']);
  });
  const response = await page.goto(`/product/${product!.slug}/${product!.id}`);
  expect(response!.status()).toBe(200);
  await page.getByRole('heading', { name: 'Beeldhuis koffiemolen' }).waitFor();
  await page.waitForLoadState('networkidle');

  const images = await page.$$eval('img', (elements) =>
    elements.map((img) => ({ src: img.currentSrc || img.src, srcset: img.getAttribute('srcset'), sizes: img.getAttribute('sizes'), width: img.getAttribute('width'), height: img.getAttribute('height'), complete: img.complete && img.naturalWidth > 0 })),
  );
  const origin = new URL(BASE_URL).origin;
  expect(images.length).toBeGreaterThanOrEqual(2);
  for (const image of images) expect(new URL(image.src).origin).toBe(origin);
  // This product's two images (the page's other cards show copies of their own).
  const ownHashes = product!.images.map((image) => image.copy!.src.split('/')[3]!);
  const copies = images.filter((image) => ownHashes.some((hash) => image.src.includes(`/api/image-copies/${hash}/`)));
  expect(copies).toHaveLength(2);
  for (const copy of copies) {
    expect(copy.complete).toBe(true);
    expect(copy.srcset).toMatch(/\/api\/image-copies\/[0-9a-f]{64}\/160\.webp 160w, .*\/320\.webp 320w/);
    expect(copy.sizes).toBeTruthy();
    expect(Number(copy.width)).toBeGreaterThan(0);
    expect(Number(copy.height)).toBeGreaterThan(0);
    // Chromium accepts AVIF: a store's photo comes as its AVIF copy, at the address srcset names.
    expect(copyTypes.get(copy.src)).toBe('image/avif');
  }
  // Not one request of the page went to the store's host: neither the browser nor the server fetched again.
  expect(requested.filter((url) => url.startsWith(storeOrigin))).toEqual([]);
  expect(storeRequests.filter((url) => url.startsWith('/img/'))).toHaveLength(downloadsBefore);
});

/** Polls `read` until `done` holds: the worker copies the demo's drawings in the background after start. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8 * 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    value = await read();
  }
  return value;
}

interface DemoProduct extends ShownProduct {
  prices: { store: { logo: string | null; logoCopy?: { src: string } | null } }[];
}

/** Every <img> of the page as the browser shows it, and the image requests it made. */
async function visit(path: string) {
  const requested: string[] = [];
  const listener = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === 'image') requested.push(request.url());
  };
  page.on('request', listener);
  const response = await page.goto(path);
  await page.waitForLoadState('networkidle');
  page.off('request', listener);
  const images = await page.$$eval('img', (elements) =>
    elements.map((img) => ({ src: img.currentSrc || img.src, srcset: img.getAttribute('srcset'), testId: img.getAttribute('data-testid'), complete: img.complete && img.naturalWidth > 0 })),
  );
  return { response: response!, requested, images };
}

it("shows the demo's product images, store logos and category images as our copies, with no image request to another host", async () => {
  const origin = new URL(BASE_URL).origin;
  const { products } = await api<{ products: { id: number }[] }>('products?sortBy=views&sortOrder=desc&limit=1');
  const product = await eventually(
    () => api<DemoProduct>(`products/${products[0]!.id}`),
    (shown) => shown.images.every((image) => image.copy) && shown.prices.every((price) => price.store.logoCopy),
  );
  expect(product.images.map((image) => image.url)).toEqual(product.images.map(() => expect.stringMatching(/^\/media\/products\//)));
  expect(product.images.every((image) => image.copy?.src.startsWith('/api/image-copies/'))).toBe(true);
  expect(product.prices.length).toBeGreaterThan(0);

  const ownHashes = product.images.map((image) => image.copy!.src.split('/')[3]!);
  const ownImagesOf = <T extends { src: string }>(images: T[]) => images.filter((image) => ownHashes.some((hash) => image.src.includes(`/api/image-copies/${hash}/`)));
  // A page rendered before the copies existed may be served from the page cache until the copier
  // tells the caches (every few seconds).
  let productPage = await visit(`/product/${product.slug}/${product.id}`);
  for (let tries = 0; tries < 20 && ownImagesOf(productPage.images).length === 0; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    productPage = await visit(`/product/${product.slug}/${product.id}`);
  }
  expect(productPage.response.status()).toBe(200);
  expect(productPage.response.headers()['content-security-policy']).toContain("img-src 'self' data:;");
  expect(productPage.images.length).toBeGreaterThan(product.prices.length);
  // Every image from our origin; this product's own images are its copies (other cards may still
  // show a demo drawing from our origin while the copier works through the demo).
  for (const image of productPage.images) expect(new URL(image.src).origin).toBe(origin);
  const ownImages = ownImagesOf(productPage.images);
  expect(ownImages.length).toBeGreaterThanOrEqual(1);
  for (const image of ownImages) {
    expect(image.srcset).toMatch(/\/api\/image-copies\/[0-9a-f]{64}\/160\.webp 160w/);
    expect(image.complete).toBe(true);
  }
  expect(productPage.images.filter((image) => image.testId === 'store-logo')).toHaveLength(product.prices.length);
  expect(productPage.requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);

  // A category page whose subcategory cards show images (the demo's representative products).
  const category = await eventually(
    () => api<{ subcategories: { imageCopy?: { src: string } | null }[] }>('categories/page/elektronica'),
    (shown) => shown.subcategories.length > 0 && shown.subcategories.every((sub) => sub.imageCopy),
  );
  expect(category.subcategories.length).toBeGreaterThan(1);
  const cardImages = () => page.$$eval('[data-testid="category-card"] img', (elements) => elements.map((img) => (img as HTMLImageElement).currentSrc));
  let categoryPage = await visit('/elektronica');
  let cards = await cardImages();
  for (let tries = 0; tries < 20 && !cards.every((card) => card.includes('/api/image-copies/')); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    categoryPage = await visit('/elektronica');
    cards = await cardImages();
  }
  expect(categoryPage.response.status()).toBe(200);
  expect(cards.length).toBeGreaterThanOrEqual(category.subcategories.length);
  for (const card of cards) expect(card).toContain('/api/image-copies/');
  for (const image of categoryPage.images) expect(new URL(image.src).origin).toBe(origin);
  expect(categoryPage.requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
}, 10 * 60_000);
