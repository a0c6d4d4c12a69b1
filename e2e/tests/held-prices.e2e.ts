/**
 * Implausible prices held, not shown, as a new store's manager would meet them:
 * an Awin feed served by this test on 127.0.0.1 offers a demo product (found by its EAN) at a
 * twentieth of its lowest price. The run holds it: the product page does not show it and its
 * lowest price stays; the admin finds it under Held prices with the median of the other offers,
 * accepts it, and the product page then shows it as the lowest price.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, login, runFeedToEnd, withToken } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { DEMO_ADMIN } from '../support/server';

interface ProductDetail {
  id: number;
  slug: string;
  name: string;
  offerCount?: number;
  lowestPrice: { total: number } | null;
  productIds?: { type: string; value: string }[];
  prices: { total: number; store: { name: string } }[];
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;
let feedServer: http.Server;
let feed = '';
let product: ProductDetail;
let heldTotal: number;
const storeName = `Accessoirehuis E2E ${Date.now()}`;

const adminApi = withToken(() => adminToken);
const euros = (cents: number) => (cents / 100).toFixed(2);
/** "€ 23,94" as the storefront and the admin write money. */
const shown = (cents: number) => `€ ${euros(cents).replace('.', ',')}`;

/** A demo product with at least two offers and an EAN: the one the feed's record will match. */
async function productWithOffers(): Promise<ProductDetail> {
  const { products } = await api<{ products: { id: number }[] }>('products?limit=60');
  for (const { id } of products) {
    const detail = await api<ProductDetail>(`products/${id}`);
    const ean = detail.productIds?.find((identifier) => identifier.type === 'EAN');
    if (detail.prices.length >= 2 && ean && detail.lowestPrice && detail.lowestPrice.total >= 2000) return detail;
  }
  throw new Error('No demo product with two offers and an EAN');
}

beforeAll(async () => {
  const session = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  adminToken = session.token;
  product = await productWithOffers();
  heldTotal = Math.round(product.lowestPrice!.total / 20);
  const ean = product.productIds!.find((identifier) => identifier.type === 'EAN')!.value;
  feed = [
    'merchant_product_id,product_name,search_price,currency,delivery_cost,ean,brand_name,merchant_category,aw_deep_link,in_stock',
    `HP-1,"Stofzak voor ${product.name}",${euros(heldTotal)},EUR,0.00,${ean},Acme,"Accessoires",https://accessoirehuis.example/hp-1,1`,
  ].join('\n');

  feedServer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end(feed);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/awin.csv`;

  const storeSlug = storeName.toLowerCase().replace(/ /g, '-');
  const store = await adminApi<{ id: number }>('stores', {
    method: 'POST',
    body: JSON.stringify({ name: storeName, slug: storeSlug, url: 'https://accessoirehuis.example' }),
  });
  const created = await adminApi<{ id: number }>(`store-feeds/store/${store.id}`, {
    method: 'POST',
    body: JSON.stringify({ name: 'awin', importer: 'awin', url: feedUrl, path: `${storeSlug}/awin.csv` }),
  });
  await runFeedToEnd(adminApi, created.id);

  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser));
  await context.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('authToken', token as string);
      window.localStorage.setItem('authUser', user as string);
    },
    [session.token, JSON.stringify(session.user)],
  );
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise((resolve) => feedServer?.close(resolve));
});

describe('held prices', () => {
  it('keeps the implausible price off the product page and its lowest price as it was', async () => {
    const detail = await api<ProductDetail>(`products/${product.id}`);
    expect(detail.lowestPrice!.total).toBe(product.lowestPrice!.total);
    expect(detail.prices.map((offer) => offer.store.name)).not.toContain(storeName);
  });

  it('lists it under Held prices with the median of the other offers; accepting shows it as the lowest price', async () => {
    await page.goto('/admin/held-prices');
    await page.getByRole('link', { name: 'Held prices' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(storeName) });
    await row.getByText(product.name, { exact: true }).waitFor();
    await row.getByText(shown(heldTotal)).waitFor();
    await row.getByText(`In the feed: Stofzak voor ${product.name}`).waitFor();

    await row.getByRole('button', { name: 'Accept', exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Accept this price?' });
    await confirm.getByText(/is shown to visitors and may become its lowest price/).waitFor();
    const accepted = page.waitForResponse((response) => /\/api\/held-prices\/\d+\/accept$/.test(response.url()));
    await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
    // The server's answer first, so a failure says whether the release or the notice went wrong.
    expect((await accepted).status()).toBe(200);
    await page.getByText(`${shown(heldTotal)} for ${product.name} is shown`).waitFor();
    await page.getByText('No held prices').waitFor();

    const visitor = await browser.newPage();
    await visitor.goto(new URL(`/product/${product.slug}/${product.id}`, page.url()).toString());
    await visitor.getByText(storeName).first().waitFor();
    await visitor.close();
    const detail = await api<ProductDetail>(`products/${product.id}`);
    expect(detail.lowestPrice!.total).toBe(heldTotal);
  });
});
