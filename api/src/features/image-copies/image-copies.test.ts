import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';
import { registerShownImages } from './copier';
import { takeOverAbandonedCopies, wakeImageCopier } from './worker';

/**
 * Product images copied to our own origin: each new image URL of a run is downloaded once
 * (through the feed fetcher's address guard), judged by its bytes, kept once per content hash and
 * served as WebP copies at a few widths (AVIF ones too for a store's photos, to browsers that
 * accept AVIF) with long immutable caching.
 */
describe('image copies: product images served from our own origin', () => {
  let t: FeedTestContext;
  let store: Awaited<ReturnType<typeof imageServer>>;
  let photo: Buffer;
  let wordmark: Buffer;

  /** A store's image host: a large JPEG (under two names), an SVG, an HTML page; counts requests per path. */
  async function imageServer() {
    const requests = new Map<string, number>();
    const server = http.createServer((request, response) => {
      const path = request.url ?? '';
      requests.set(path, (requests.get(path) ?? 0) + 1);
      if (path === '/img/wordmark.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end(wordmark);
      }
      if (['/img/photo.jpg', '/img/same-photo.jpg', '/img/category.jpg', '/img/abandoned.jpg', '/img/in-hand.jpg'].includes(path)) {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return response.end(photo);
      }
      if (path === '/img/logo.svg') {
        response.writeHead(200, { 'content-type': 'image/svg+xml' });
        return response.end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
      }
      // The content type lies: what counts is the bytes.
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end('<!DOCTYPE html><html><body>Not found</body></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      url: (path: string) => `${base}${path}`,
      requests: (path: string) => requests.get(path) ?? 0,
      close: async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  beforeAll(async () => {
    photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    wordmark = await sharp({ create: { width: 600, height: 200, channels: 3, background: { r: 20, g: 90, b: 200 } } }).png().toBuffer();
    store = await imageServer();
    t = await createFeedTestApp({ feedAllowedHosts: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  const header = 'merchant_product_id,product_name,search_price,delivery_cost,aw_deep_link,merchant_image_url,alternate_image';
  const copies = () =>
    t.database.query<{ url: string; status: string; content_hash: string | null; width: number | null; height: number | null; widths: number[] | null; failure: string | null }>(
      'select url, status, content_hash, width, height, widths, failure from image_copies order by url',
    );

  it('downloads each new image URL once, keeps one original per content, and serves WebP and AVIF copies cached for good', async () => {
    t.place(
      `${t.storeSlug}/beelden.csv`,
      [
        header,
        `P1,Foto een,10.00,0.00,https://winkel.example/P1,${store.url('/img/photo.jpg')},${store.url('/img/logo.svg')}`,
        `P2,Foto twee,11.00,0.00,https://winkel.example/P2,${store.url('/img/photo.jpg')},${store.url('/img/page.jpg')}`,
        `P3,Foto drie,12.00,0.00,https://winkel.example/P3,${store.url('/img/same-photo.jpg')},http://10.0.0.8/img/intern.jpg`,
      ].join('\n'),
    );
    const feed = await t.createFeed({ name: 'beelden', importer: 'awin', path: `${t.storeSlug}/beelden.csv` });
    expect(await t.run(feed.id)).toMatchObject({ status: 'succeeded', productsCreated: 3 });
    await wakeImageCopier(t.app);

    const rows = await copies();
    const byUrl = Object.fromEntries(rows.map((row) => [row.url, row]));
    const stored = byUrl[store.url('/img/photo.jpg')]!;
    expect(stored).toMatchObject({ status: 'stored', width: 2000, height: 1500, widths: [160, 320, 640, 1280], failure: null });
    // The same bytes under another name: the same original, the same copies.
    expect(byUrl[store.url('/img/same-photo.jpg')]).toMatchObject({ status: 'stored', content_hash: stored.content_hash });
    expect(byUrl[store.url('/img/logo.svg')]).toMatchObject({ status: 'failed', failure: 'The file is SVG or other markup, not a raster image' });
    expect(byUrl[store.url('/img/page.jpg')]).toMatchObject({ status: 'failed', failure: 'The file is SVG or other markup, not a raster image' });
    expect(byUrl['http://10.0.0.8/img/intern.jpg']).toMatchObject({ status: 'failed', failure: expect.stringMatching(/local or private/i) });
    // Two products share the URL: downloaded once.
    expect(store.requests('/img/photo.jpg')).toBe(1);

    const response = await t.app.inject({ method: 'GET', url: `/api/image-copies/${stored.content_hash}/640.webp` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(response.headers.vary).toBe('Accept');

    // A browser that shows AVIF (it says so in Accept) gets the AVIF copy of a store's photo at
    // the same address: fewer bytes for the same picture.
    const avif = await t.app.inject({
      method: 'GET',
      url: `/api/image-copies/${stored.content_hash}/640.webp`,
      headers: { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' },
    });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(avif.headers.vary).toBe('Accept');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 640, height: 480 });
    expect(avif.rawPayload.length).toBeLessThan(response.rawPayload.length);
    // One that prefers WebP, or refuses AVIF, gets WebP.
    for (const accept of ['image/webp,*/*;q=0.8', 'image/avif;q=0,image/webp', 'image/webp,image/avif;q=0.5']) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/image-copies/${stored.content_hash}/640.webp`, headers: { accept } });
      expect([accept, answer.headers['content-type']]).toEqual([accept, 'image/webp']);
    }

    // The product page names our copies, with every width and the original's size; an image
    // that could not be copied has none (the storefront shows the placeholder).
    const [offer] = await t.database.query<{ product_id: number }>("select product_id from prices where external_id = 'P1'");
    const page = (await t.app.inject({ method: 'GET', url: `/api/products/${offer!.product_id}` })).json();
    const path = (width: number) => `/api/image-copies/${stored.content_hash}/${width}.webp`;
    expect(page.images).toEqual([
      expect.objectContaining({
        url: store.url('/img/photo.jpg'),
        main: true,
        copy: {
          src: path(640),
          srcSet: `${path(160)} 160w, ${path(320)} 320w, ${path(640)} 640w, ${path(1280)} 1280w`,
          width: 2000,
          height: 1500,
        },
      }),
      expect.objectContaining({ url: store.url('/img/logo.svg'), copy: null }),
    ]);

    // Lists name the copy of each product's main image the same way (cards).
    expect(page.imageCopy).toEqual(page.images[0].copy);
    const list = (await t.app.inject({ method: 'GET', url: '/api/products?search=Foto&sortBy=name&sortOrder=asc' })).json();
    expect(list.products.map((p: { name: string; imageCopy: unknown }) => [p.name, p.imageCopy])).toEqual([
      ['Foto drie', expect.objectContaining({ src: path(640), width: 2000, height: 1500 })],
      ['Foto een', expect.objectContaining({ src: path(640), srcSet: page.images[0].copy.srcSet })],
      ['Foto twee', expect.objectContaining({ src: path(640) })],
    ]);

    // A later run with the same image URLs downloads nothing again.
    const again = await t.createFeed({ name: 'beelden-2', importer: 'awin', path: `${t.storeSlug}/beelden.csv` });
    expect((await t.run(again.id)).status).toBe('succeeded');
    await wakeImageCopier(t.app);
    expect(store.requests('/img/photo.jpg')).toBe(1);
  });

  it("copies the demo's own drawings (product images, store logos) rendered in-process", async () => {
    const [product] = await t.database.query<{ id: number }>("select product_id as id from prices where external_id = 'P1'");
    const drawing = `/media/products/${product!.id}-2.svg`;
    const logo = `/media/stores/${t.storeSlug}.svg`;
    await t.database.query(`insert into product_images (product_id, url, width, height, filename, is_main)
      values (${product!.id}, '${drawing}', 800, 800, 'tekening.svg', false), (${product!.id}, '/media/products/999999-1.svg', 800, 800, 'weg.svg', false)`);
    await t.database.query(`update stores set logo = '${logo}' where id = ${t.storeId}`);
    await registerShownImages(t.app.db);
    await wakeImageCopier(t.app);

    const byUrl = Object.fromEntries((await copies()).map((row) => [row.url, row]));
    // The drawing is 800 px square: copies up to its own width.
    expect(byUrl[drawing]).toMatchObject({ status: 'stored', width: 800, height: 800, widths: [160, 320, 640, 800], failure: null });
    // A logo 240 px wide is drawn at twice its size, so 2x screens get a sharp copy.
    expect(byUrl[logo]).toMatchObject({ status: 'stored', width: 480, height: 160, widths: [160, 320, 480] });
    expect(byUrl['/media/products/999999-1.svg']).toMatchObject({ status: 'failed', failure: 'The drawing no longer exists' });

    // Drawings are copied as WebP only (a few KiB already), whatever the browser accepts.
    const copy = await t.app.inject({
      method: 'GET',
      url: `/api/image-copies/${byUrl[drawing]!.content_hash}/320.webp`,
      headers: { accept: 'image/avif,image/webp,*/*;q=0.8' },
    });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });
    const page = (await t.app.inject({ method: 'GET', url: `/api/products/${product!.id}` })).json();
    expect(page.images.find((image: { url: string }) => image.url === drawing).copy).toMatchObject({
      src: `/api/image-copies/${byUrl[drawing]!.content_hash}/640.webp`,
      width: 800,
      height: 800,
    });
  });

  it('copies a store logo and a category image an admin saves; until then the API names no copy', async () => {
    const logo = store.url('/img/wordmark.png');
    const saved = await t.app.inject({ method: 'PUT', url: `/api/stores/${t.storeId}`, headers: t.auth, payload: { logo } });
    expect(saved.statusCode).toBe(200);
    // Copy pending: the admin sees the address they typed and no copy yet.
    expect(saved.json()).toMatchObject({ logo, logoCopy: null });
    expect(store.requests('/img/wordmark.png')).toBe(0);

    const parent = (await t.app.inject({ method: 'POST', url: '/api/categories', headers: t.auth, payload: { name: 'Beeldbuizen' } })).json();
    const child = (await t.app.inject({ method: 'POST', url: '/api/categories', headers: t.auth, payload: { name: 'Fotolijsten', parentId: parent.id } })).json();
    const image = store.url('/img/category.jpg');
    expect((await t.app.inject({ method: 'PUT', url: `/api/categories/${child.id}`, headers: t.auth, payload: { image } })).statusCode).toBe(200);
    const subcategories = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/categories/page/${parent.slug}` })).json().subcategories as { id: number; image: string; imageCopy: unknown }[];
    expect((await subcategories()).find((c) => c.id === child.id)).toMatchObject({ image, imageCopy: null });

    await wakeImageCopier(t.app);
    const byUrl = Object.fromEntries((await copies()).map((row) => [row.url, row]));
    expect(byUrl[logo]).toMatchObject({ status: 'stored', width: 600, height: 200, widths: [160, 320, 600] });
    const path = (hash: string, width: number) => `/api/image-copies/${hash}/${width}.webp`;
    const logoCopy = {
      src: path(byUrl[logo]!.content_hash!, 600),
      srcSet: [160, 320, 600].map((w) => `${path(byUrl[logo]!.content_hash!, w)} ${w}w`).join(', '),
      width: 600,
      height: 200,
    };

    // Every answer that shows the logo names its copy: the admin's store, the store page, the
    // product page's offers.
    expect((await t.app.inject({ method: 'GET', url: `/api/stores/id/${t.storeId}` })).json()).toMatchObject({ logo, logoCopy });
    expect((await t.app.inject({ method: 'GET', url: `/api/stores/slug/${t.storeSlug}/page` })).json().store).toMatchObject({ logo, logoCopy });
    const [offer] = await t.database.query<{ product_id: number }>("select product_id from prices where external_id = 'P1'");
    const page = (await t.app.inject({ method: 'GET', url: `/api/products/${offer!.product_id}` })).json();
    expect(page.prices.map((price: { store: unknown }) => price.store)).toEqual(page.prices.map(() => expect.objectContaining({ logo, logoCopy })));
    // The category image: the same bytes as a product photo, so the same copies.
    expect((await subcategories()).find((c) => c.id === child.id)).toMatchObject({
      image,
      imageCopy: expect.objectContaining({ src: path(byUrl[store.url('/img/photo.jpg')]!.content_hash!, 640), width: 2000, height: 1500 }),
    });

    // Bad input still answers 400 naming the field.
    const bad = await t.app.inject({ method: 'PUT', url: `/api/stores/${t.storeId}`, headers: t.auth, payload: { logo: 'logo.png' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('logo');
  });

  it('answers 404 for a copy it does not have and refuses malformed addresses', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/api/image-copies/${'a'.repeat(64)}/640.webp` });
    expect(missing.statusCode).toBe(404);
    const traversal = await t.app.inject({ method: 'GET', url: '/api/image-copies/..%2F..%2Fetc/640.webp' });
    expect(traversal.statusCode).toBe(400);
  });

  it('takes over a copy whose worker stopped half-way once its claim expires, not before', async () => {
    const abandoned = store.url('/img/abandoned.jpg');
    const inHand = store.url('/img/in-hand.jpg');
    // A worker claimed both and then stopped: one claim is eleven minutes old, one a minute.
    await t.database.query(
      `insert into image_copies (url, status, claimed_at) values ($1, 'fetching', now() - interval '11 minutes'), ($2, 'fetching', now() - interval '1 minute')`,
      [abandoned, inHand],
    );
    await takeOverAbandonedCopies(t.app);
    const status = async (url: string) => (await t.database.query<{ status: string }>('select status from image_copies where url = $1', [url]))[0]!.status;
    for (let waited = 0; (await status(abandoned)) !== 'stored' && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await status(abandoned)).toBe('stored');
    expect(store.requests('/img/abandoned.jpg')).toBe(1);
    // The other worker may still be at work on the recent one.
    expect(await status(inHand)).toBe('fetching');
    expect(store.requests('/img/in-hand.jpg')).toBe(0);
  });
});
