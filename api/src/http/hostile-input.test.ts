/** Bad input from the security reviews answers 400 naming the field, never 500. */
import fs from 'node:fs';
import { openCatalogueTestApp, type Catalogue } from '../../test/catalogue';
import { createTestUser, type TestUser } from '../../test/auth';
import type { TestContext } from '../../test/helpers';
import { multipartPayload, tinyPng } from '../../test/multipart';
import { uploadsDir } from '../features/product-images/uploads';

let ctx: TestContext;
let data: Catalogue;
let admin: TestUser;
beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
  admin = await createTestUser(ctx.app, { role: 'admin' });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('a NUL character', () => {
  it.each([
    ['/api/products?search=%00', 'search'],
    ['/api/products?brand=a%00b', 'brand'],
    ['/api/products?category=%00', 'category'],
    ['/api/stores?search=x%00', 'search'],
  ])('in %s is a 400 naming %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(`Invalid ${field}`);
  });

  it('in a click-out body is a 400 naming the field, and nothing is stored', async () => {
    const before = (await ctx.database.query<{ n: number }>('select count(*)::int as n from click_outs'))[0]!.n;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/prices/log-redirect',
      payload: {
        timestamp: new Date().toISOString(),
        user: { isLoggedIn: false },
        product: { id: data.products.philips.id },
        store: { id: data.stores.coolblue.id },
        pricing: { current: 100 },
        redirectUrl: 'https://example.nl/\u0000',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid redirectUrl');
    expect((await ctx.database.query<{ n: number }>('select count(*)::int as n from click_outs'))[0]!.n).toBe(before);
  });
});

describe('ids that cannot exist', () => {
  it.each(['/api/stores/id/2147483648', '/api/stores/id/1e3', '/api/stores/id/0x10'])('%s is a 400', async (url) => {
    expect((await get(url)).statusCode).toBe(400);
  });

  it('a category reference beyond any id (slug or id) names no category: 404', async () => {
    const response = await get('/api/products?category=2147483648');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('Category not found');
  });

  it('a media file name of thousands of characters is refused as too long, a huge product id is a 404', async () => {
    expect((await get(`/media/products/${'9'.repeat(4500)}-1.svg`)).statusCode).toBe(414);
    expect((await get('/media/products/9999999999-1.svg')).statusCode).toBe(404);
  });
});

describe('click-outs', () => {
  const clickOut = (redirectUrl: string, productId: number = data.products.philips.id) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/prices/log-redirect',
      payload: {
        timestamp: new Date().toISOString(),
        user: { isLoggedIn: false },
        product: { id: productId },
        store: { id: data.stores.coolblue.id },
        pricing: { current: 100 },
        redirectUrl,
      },
    });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.nl/'])(
    'refuses the redirect %s',
    async (url) => {
      const response = await clickOut(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Invalid redirectUrl');
    },
  );

  it('refuses an id of 2^31', async () => {
    const response = await clickOut('https://example.nl/', 2 ** 31);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid product.id');
  });

  it('stores an https click-out', async () => {
    expect((await clickOut('https://www.coolblue.nl/product/1')).statusCode).toBe(202);
  });
});

describe('JSON in a query parameter', () => {
  const filters = (value: unknown) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  const getAsAdmin = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin.headers });

  it.each([
    ['/api/products', 'filters.search'],
    ['/api/categories', 'filters.search'],
    ['/api/category-aliases', 'filters.search'],
  ])('a NUL inside the JSON of %s?filters={"search":"a\\u0000b"} is a 400 naming %s', async (route, field) => {
    const response = await getAsAdmin(`${route}?filters=${filters({ search: 'a\u0000b' })}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `Invalid ${field}`, details: `${field}: must not contain NUL characters` });
  });

  it('a NUL in a key of the filters, or in an array inside them, names where it is', async () => {
    const inKey = await getAsAdmin(`/api/products?filters=${filters({ ['se\u0000arch']: 'x' })}`);
    expect(inKey.statusCode).toBe(400);
    expect(inKey.json().error).toBe('Invalid filters.search');
    const inArray = await getAsAdmin(`/api/products?filters=${filters({ productIds: [1, 'a\u0000'] })}`);
    expect(inArray.statusCode).toBe(400);
    expect(inArray.json().error).toBe('Invalid filters.productIds.1');
  });

  it('filters nested deeper than 32 levels are a 400 naming the field, before they are read', async () => {
    const deep = `{"search":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    // Longer than the parameter may be: refused on its length.
    expect((await getAsAdmin(`/api/products?filters=${filters(deep)}`)).statusCode).toBe(400);
    const response = await getAsAdmin(`/api/products?filters=${filters(`{"search":${'['.repeat(40)}${']'.repeat(40)}}`)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid filters.search',
      details: 'filters.search: must not nest objects and arrays more than 32 levels deep',
    });
  });

  it('an unknown key in the filters is named', async () => {
    const response = await getAsAdmin(`/api/categories?filters=${filters({ colour: 'rood' })}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid filters.colour', details: 'filters.colour: Unrecognized key' });
  });

  it('valid filters still work', async () => {
    const response = await getAsAdmin(`/api/products?filters=${filters({ search: 'Bosch' })}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().products.length).toBeGreaterThan(0);
  });
});

describe('feed parameters', () => {
  const feedsBefore = async () => (await ctx.database.query<{ n: number }>('select count(*)::int as n from store_feeds'))[0]!.n;
  const saveFeed = (payload: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/store-feeds/store/${data.stores.coolblue.id}`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload,
    });
  const feedWith = (parameters: string) =>
    `{"name":"Diep","importer":"awin","path":"coolblue/diep.csv","parameters":${parameters}}`;
  /** `{"fieldMap":{"a":{"a":…"value"…}}}`, `levels` objects deep in all. */
  const nested = (levels: number, value: string) =>
    `${'{"a":'.repeat(levels - 1)}{"fieldMap":${JSON.stringify(value)}}${'}'.repeat(levels - 1)}`;

  it('a NUL nested 33 levels deep in parameters is a 400 naming the field, and nothing is stored', async () => {
    const before = await feedsBefore();
    const response = await saveFeed(feedWith(nested(33, 'a\u0000b')));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid parameters',
      details: 'parameters: must not nest objects and arrays more than 32 levels deep',
    });
    expect(await feedsBefore()).toBe(before);
  });

  it('a NUL a few levels deep in parameters is a 400 naming the field where it is', async () => {
    const response = await saveFeed(feedWith(JSON.stringify({ fieldMap: { name: ['titel', 'na\u0000am'] } })));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid parameters.fieldMap.name.1',
      details: 'body.parameters.fieldMap.name.1: must not contain NUL characters',
    });
  });

  it('a 100,000-deep array in parameters is a 400, not a stack overflow', async () => {
    const before = await feedsBefore();
    const response = await saveFeed(feedWith(`{"fieldMap":${'['.repeat(100_000)}${']'.repeat(100_000)}}`));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid parameters');
    expect(await feedsBefore()).toBe(before);
    // The same depth as a whole body.
    const whole = await saveFeed(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(whole.statusCode).toBe(400);
    expect(whole.json().error).toBe('Invalid body');
  });

  it('an unknown key in parameters is a 400 naming the key, and nothing is stored', async () => {
    const before = await feedsBefore();
    const response = await saveFeed(feedWith(JSON.stringify({ intervalHours: 6, colour: 'rood' })));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid parameters.colour', details: 'parameters.colour: Unrecognized key' });
    expect(await feedsBefore()).toBe(before);
  });

  it('a body 32 levels deep is still read', async () => {
    // 1 (body) + 1 (parameters) + 30 levels of objects inside: refused only as an unknown key.
    const response = await saveFeed(feedWith(nested(31, 'x')));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid parameters.a');
  });
});

describe('multipart fields', () => {
  const upload = (fields: Record<string, string>, name = 'voorkant.png') => {
    const { payload, contentType } = multipartPayload(fields, { name, type: 'image/png', content: tinyPng() });
    return ctx.app.inject({
      method: 'POST',
      url: `/api/products/${data.products.philips.id}/images`,
      headers: { ...admin.headers, 'content-type': contentType },
      payload,
    });
  };
  const stored = async () => ({
    images: (await ctx.database.query<{ n: number }>('select count(*)::int as n from product_images'))[0]!.n,
    files: fs.existsSync(uploadsDir(ctx.app.config.dataDir)) ? fs.readdirSync(uploadsDir(ctx.app.config.dataDir)).length : 0,
  });

  it('a NUL in the alt field of an image upload is a 400 naming alt, and nothing is stored', async () => {
    const before = await stored();
    const response = await upload({ alt: 'Voor\u0000kant' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid alt', details: 'alt: must not contain NUL characters' });
    expect(await stored()).toEqual(before);
  });

  it('a NUL in the file name is a 400 naming the file field', async () => {
    const response = await upload({ alt: 'Voorkant' }, 'voor\u0000kant.png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid file', details: 'file: the file name must not contain NUL characters' });
  });

  it('a plain alt text is stored', async () => {
    const response = await upload({ alt: 'Voorkant' });
    expect(response.statusCode).toBe(201);
    expect(response.json().image.alt).toBe('Voorkant');
  });
});
