import type { Browser, Page } from 'playwright-core';
import { api, login } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { DEMO_USER } from '../support/server';

interface ListResponse {
  products: { id: number; slug: string; name: string; lowestPrice: { total: number } | null }[];
  pagination: { totalPages: number; totalItems: number };
}
interface CategoryNode {
  slug: string;
  childCategories?: CategoryNode[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function chooseOption(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).selectOption({ label: option });
}

/** A brand whose own name as a search query yields at least two result pages. */
async function findBrandWithTwoPages(): Promise<{ brand: string; highest: number; total: number }> {
  const brands = await api<string[] | { brands: string[] }>('products/brands');
  const list = Array.isArray(brands) ? brands : brands.brands;
  for (const brand of list) {
    const query = new URLSearchParams({ search: brand, brand, limit: '21', sortBy: 'lowestPrice.total', sortOrder: 'desc' });
    const result = await api<ListResponse>(`products?${query}`);
    if (result.pagination.totalPages >= 2 && result.products[0]?.lowestPrice) {
      return { brand, highest: result.products[0].lowestPrice.total, total: result.pagination.totalItems };
    }
  }
  throw new Error('the demo catalog has no brand with two pages of results');
}

describe('storefront', () => {
  it('search → brand and price filters → sort → page 2 → product → click-out in a new tab, logged', async () => {
    const { brand, highest } = await findBrandWithTwoPages();
    const { context, page } = await newVisitor(browser);
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).or(page.getByRole('combobox', { name: 'Search products' })).first().fill(brand);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === brand);
    await page.getByRole('heading', { name: `Search results for "${brand}"` }).waitFor();

    await chooseOption(page, 'Brand', brand);
    await page.waitForURL((url) => url.searchParams.get('brand') === brand);

    const maxEuros = String(Math.ceil(highest / 100));
    await page.getByLabel('Min price').fill('1');
    await page.getByLabel('Max price').click();
    await page.waitForURL((url) => url.searchParams.get('minPrice') === '100');
    await page.getByLabel('Max price').fill(maxEuros);
    await page.getByLabel('Min price').click();
    await page.waitForURL((url) => url.searchParams.get('maxPrice') === String(Number(maxEuros) * 100));

    await chooseOption(page, 'Sort by', 'Price');
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'lowestPrice.total');
    await chooseOption(page, 'Sort order', 'Ascending');
    await page.waitForURL((url) => url.searchParams.get('sortOrder') === 'asc');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText(/Page 2 of \d+/).waitFor();

    // The API agrees on what page 2 holds; the first product there is what we open.
    const expected = await api<ListResponse>(
      `products?${new URLSearchParams({ search: brand, brand, minPrice: '100', maxPrice: String(Number(maxEuros) * 100), sortBy: 'lowestPrice.total', sortOrder: 'asc', page: '2', limit: '21' })}`,
    );
    const first = expected.products[0]!;
    await page.getByRole('link', { name: first.name, exact: true }).first().click();
    await page.waitForURL(`**/product/${first.slug}/${first.id}`);
    await page.getByRole('heading', { name: first.name }).waitFor();

    // The demo stores live on .example hosts: answer for them so the new tab has a real address.
    await context.route(/^https:\/\/[^/]+\.example\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Store</title>' }),
    );
    const offerButton = page.getByRole('button', { name: /^View offer at / }).first();
    const [logResponse, popup] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/prices/log-redirect')),
      context.waitForEvent('page'),
      offerButton.click(),
    ]);
    // The server answers once the click-out is stored (its body is checked by the component and API tests;
    // Chromium streams fetch bodies, so the browser protocol does not show it here).
    expect(logResponse.status()).toBe(202);
    const detail = await api<{ prices: { url: string; store: { name: string } }[] }>(`products/${first.id}`);
    await popup.waitForLoadState();
    const clicked = detail.prices.find((offer) => popup.url().includes(new URL(offer.url).hostname));
    expect(clicked).toBeDefined();
    await context.close();
  });

  it('lets the demo user add, edit and remove a wishlist item, coming back after sign-in', async () => {
    // A popular product that is not on the demo user's wishlist yet.
    const { token } = await login(DEMO_USER.email, DEMO_USER.password);
    const { wishlistItems } = await api<{ wishlistItems: { productId: number }[] }>('wishlist', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { products } = await api<ListResponse>('products?limit=20&sortBy=views&sortOrder=desc');
    const product = products.find((p) => !wishlistItems.some((item) => item.productId === p.id))!;
    const { context, page } = await newVisitor(browser);
    await page.goto(`/product/${product.slug}/${product.id}`);
    await page.getByRole('heading', { name: product.name }).waitFor();

    await page.getByRole('button', { name: 'Add to wishlist', exact: true }).click();
    await page.waitForURL('**/login**');
    await page.getByLabel('Email').fill(DEMO_USER.email);
    await page.getByLabel('Password').fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`**/product/${product.slug}/${product.id}`);

    await page.getByRole('button', { name: 'Add to wishlist', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add to wishlist' }).waitFor();
    await page.getByLabel('Desired price').fill('12,34');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(`${product.name} has been added to your wishlist`).waitFor();
    await page.getByRole('button', { name: 'On your wishlist', exact: true }).waitFor();

    await page.getByRole('button', { name: 'On your wishlist', exact: true }).click();
    await page.getByRole('dialog', { name: 'Edit wishlist item' }).waitFor();
    await expect(page.getByLabel('Desired price').inputValue()).resolves.toBe('12,34');
    await page.getByLabel('Desired price').fill('10,00');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText(`${product.name} has been updated in your wishlist`).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'On your wishlist', exact: true }).click();
    await expect(page.getByLabel('Desired price').inputValue()).resolves.toBe('10,00');
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText(`${product.name} has been removed from your wishlist`).waitFor();
    await page.getByRole('button', { name: 'Add to wishlist', exact: true }).waitFor();
    await context.close();
  });

  it("opens the privacy page from the cookie dialog's link, in Dutch by default", async () => {
    const { context, page } = await newVisitor(browser, { locale: 'nl-NL', cookieChoice: null });
    await page.goto('/');
    await page.getByRole('dialog', { name: 'Wij hechten waarde aan je privacy' }).getByRole('link', { name: 'Privacybeleid' }).click();
    await page.waitForURL((url) => url.pathname === '/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacybeleid' }).waitFor();
    await expect(page.getByText('cookie_consent', { exact: true }).count()).resolves.toBe(1);
    await context.close();
  });

  it('shows the filters as an accordion on a 375 px category page and a carousel on the product page', async () => {
    const { categories } = await api<{ categories: CategoryNode[] }>('categories?navigation=true');
    const leafOf = (node: CategoryNode): CategoryNode =>
      node.childCategories?.length ? leafOf(node.childCategories[0]!) : node;
    const leaf = leafOf(categories.find((c) => c.slug !== 'overig' && c.childCategories?.length)!);
    const { context, page } = await newVisitor(browser, { viewport: { width: 375, height: 812 } });
    await page.goto(`/${leaf.slug}`);
    // The header's search box has a row of its own: wide enough to read what is typed, and it submits.
    const searchBox = page.getByRole('searchbox', { name: 'Search products' });
    const box = await searchBox.boundingBox();
    expect(box!.width).toBeGreaterThan(250);
    await searchBox.fill('wasmachine');
    await page.getByRole('search').getByRole('button', { name: 'Search products' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'wasmachine');
    await page.goto(`/${leaf.slug}`);
    const accordion = page.locator('.kl-category-filters').getByRole('button', { name: 'Filters' });
    await accordion.waitFor();
    await expect(page.locator('aside[aria-label="Filters"]').count()).resolves.toBe(0);
    await accordion.click();
    await page.getByRole('combobox', { name: 'Brand' }).waitFor();

    const { products } = await api<ListResponse>(`categories/page/${leaf.slug}?limit=1`);
    const product = products[0]!;
    await page.goto(`/product/${product.slug}/${product.id}`);
    await page.locator('[aria-roledescription="carousel"]').waitFor();
    await context.close();
  });
});
