import { siteConfigurations } from '../../db/schema';
import { openCatalogueTestApp, type Catalogue } from '../../../test/catalogue';
import type { TestContext } from '../../../test/helpers';
import { productEntries, productSitemapPages } from './sitemap';

let ctx: TestContext;
let data: Catalogue;

beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp({ publicUrl: 'http://koopjesland.nl', trustProxy: false }));
  // A second site that shows only the washing department.
  await ctx.app.db.insert(siteConfigurations).values({
    title: 'Wasgoed',
    name: 'Wasgoed',
    description: 'Alles voor de was',
    domainNames: ['wasgoed.nl'],
    rootCategoryId: data.categories.wassen.id,
  });
});
afterAll(() => ctx.close());

const get = (url: string, host = 'koopjesland.nl') => ctx.app.inject({ method: 'GET', url, headers: { host } });
const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('robots.txt', () => {
  it('keeps crawlers out of admin, search and account pages and points at the sitemap of the host', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /admin', 'Disallow: /search', 'Disallow: /account', 'Disallow: /api/']));
    expect(lines).toContain('Sitemap: http://koopjesland.nl/sitemap.xml');
  });
});

describe('the address in robots.txt and the sitemaps', () => {
  it('comes from configuration: a forged Host or X-Forwarded-Host gets PUBLIC_URL’s domain', async () => {
    for (const headers of [{ host: 'evil.example' }, { host: 'koopjesland.nl', 'x-forwarded-host': 'evil.example' }]) {
      for (const url of ['/robots.txt', '/sitemap.xml', '/sitemaps/categories.xml', '/sitemaps/products-1.xml']) {
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect([url, response.statusCode, response.body.includes('evil.example')]).toEqual([url, 200, false]);
        expect(response.body).toContain('http://koopjesland.nl/');
      }
    }
  });
});

describe('sitemaps', () => {
  it('indexes the categories and the product sitemaps, with the last change', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locations(response.body)).toEqual(['http://koopjesland.nl/sitemaps/categories.xml', 'http://koopjesland.nl/sitemaps/products-1.xml']);
    expect(response.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });

  it('lists every category but Overig, and every product in one', async () => {
    const categories = locations((await get('/sitemaps/categories.xml')).body);
    expect(categories.sort()).toEqual(
      ['drogers', 'huishouden', 'koffie', 'wasmachines', 'wassen'].map((slug) => `http://koopjesland.nl/${slug}`),
    );
    const products = locations((await get('/sitemaps/products-1.xml')).body);
    const { bosch, miele, samsung, philips, boschDroger, waslijn } = data.products;
    expect(products).toEqual(
      [bosch, miele, samsung, philips, boschDroger].map((product) => `http://koopjesland.nl/product/${product.slug}/${product.id}`),
    );
    expect(products.join()).not.toContain(waslijn.slug);
  });

  it("lists only what a domain's site shows: its root category's tree", async () => {
    const categories = locations((await get('/sitemaps/categories.xml', 'wasgoed.nl')).body);
    expect(categories.sort()).toEqual(['drogers', 'wasmachines', 'wassen'].map((slug) => `http://wasgoed.nl/${slug}`));
    const products = locations((await get('/sitemaps/products-1.xml', 'wasgoed.nl')).body);
    expect(products).toHaveLength(4);
    expect(products.join()).not.toContain(data.products.philips.slug);
  });

  it('answers 404 for a product sitemap past the last and for unknown files', async () => {
    for (const file of ['products-2.xml', 'products-0.xml', 'products-x.xml', 'other.xml']) {
      const response = await get(`/sitemaps/${file}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Sitemap not found' });
    }
  });

  it('splits products over sitemaps of at most the limit, in id order', async () => {
    const { pages } = await productSitemapPages(ctx.app.db, null, 2);
    expect(pages).toBe(3);
    const pageSizes = await Promise.all([1, 2, 3].map(async (page) => (await productEntries(ctx.app.db, null, page, 2)).length));
    expect(pageSizes).toEqual([2, 2, 1]);
  });
});
