/** Bad input from the security review answers 400 naming the field, never 500. */
import { openCatalogueTestApp, type Catalogue } from '../../test/catalogue';
import type { TestContext } from '../../test/helpers';

let ctx: TestContext;
let data: Catalogue;
beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
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
