/**
 * A phone's first screen (375×667, a phone's browser): the product page shows the product's name,
 * its image and its lowest price with the store without scrolling; a category page shows a
 * product with its price. The header keeps to two rows, and nothing moves while the page hydrates.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { api } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';

const PHONE = { width: 375, height: 667 };

interface ListResponse {
  products: { id: number; slug: string; name: string; lowestPrice: { total: number; store: { name: string } } | null }[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function phoneVisitor(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newVisitor(browser, { phone: true, viewport: PHONE });
  await page.addInitScript(() => {
    const probe = window as unknown as { shifts: number[] };
    probe.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { context, page };
}

/** The element is wholly inside the first screen (no scrolling: the page is at its top). */
async function expectInFirstScreen(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} is not shown`);
  expect({ what, top: box.y >= 0, bottom: box.y + box.height <= PHONE.height, width: box.x + box.width <= PHONE.width }).toEqual({
    what,
    top: true,
    bottom: true,
    width: true,
  });
}

async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
}

/** As the storefront writes money, in Dutch notation whatever the language. */
const money = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
const euros = (cents: number) => money.format(cents / 100);

describe('a phone’s first screen', () => {
  it('shows the product’s name, image and lowest price with its store, under a header of two rows', async () => {
    // The longest name among the televisions: the hardest case for the heading.
    const { products } = await api<ListResponse>('categories/page/oled-televisies?limit=50');
    const product = products.filter((entry) => entry.lowestPrice).sort((a, b) => b.name.length - a.name.length)[0]!;
    const { context, page } = await phoneVisitor();
    await page.goto(`/product/${product.slug}/${product.id}`);

    const header = page.locator('header.kl-header');
    const headerBox = (await header.boundingBox())!;
    // Logo and menus in one row, search in the other (a third row was 130 px high).
    expect(headerBox.height).toBeLessThanOrEqual(100);
    await expectInFirstScreen(page.getByRole('link', { name: 'Deals' }), 'the Deals link');
    await expectInFirstScreen(page.getByRole('link', { name: 'Sign In' }), 'the Sign In link');

    await expectInFirstScreen(page.getByRole('heading', { level: 1, name: product.name }), 'the product’s name');
    await expectInFirstScreen(page.getByRole('img', { name: product.name }).first(), 'the product’s image');
    const summary = page.getByRole('group', { name: 'Lowest price' });
    const price = summary.getByText(euros(product.lowestPrice!.total), { exact: true });
    await expectInFirstScreen(price, 'the lowest price');
    await expectInFirstScreen(summary.getByText(`at ${product.lowestPrice!.store.name}`), 'the store of the lowest price');

    // Hydrated (the carousel's code is in) and nothing moved on the way.
    await page.locator('[aria-roledescription="carousel"]').waitFor();
    await expectInFirstScreen(price, 'the lowest price after hydration');
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await context.close();
  });

  it('shows a product with its price on a category page', async () => {
    const { products } = await api<ListResponse>('categories/page/oled-televisies?limit=1');
    const { context, page } = await phoneVisitor();
    await page.goto('/oled-televisies');
    const list = page.getByRole('list', { name: 'Products in OLED televisies' });
    const first = list.getByRole('listitem').first();
    await expectInFirstScreen(first.getByRole('heading', { name: products[0]!.name }), 'the first product’s name');
    const lowest = products[0]!.lowestPrice!;
    await expectInFirstScreen(first.getByText(`${euros(lowest.total)} at ${lowest.store.name}`), 'the first product’s price');
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await context.close();
  });
});
