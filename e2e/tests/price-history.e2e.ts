import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { api } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';

interface ListResponse {
  products: { id: number; slug: string; name: string; offerCount?: number }[];
}
interface History {
  days: string[];
  lowest: (number | null)[];
  current: number | null;
  lowestInRange: { day: string; total: number } | null;
  lowestInDays: number | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo's formatting of cents ("€ 1.234,56"), as the page shows it. */
const euros = (cents: number) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(cents / 100);

describe('price history on the product page', () => {
  it('loads the chart only when it scrolls into view, in the space held for it', async () => {
    // A product of the demo catalogue with a price today, the most offers first (its chart sits lowest on the page).
    const { products } = await api<ListResponse>('products?sortBy=lowestPrice.total&sortOrder=desc&limit=20');
    products.sort((a, b) => (b.offerCount ?? 0) - (a.offerCount ?? 0));
    let chosen: { product: ListResponse['products'][number]; history: History } | undefined;
    for (const product of products) {
      const history = await api<History>(`products/${product.id}/price-history?range=90d`);
      if (history.current !== null && history.lowestInRange) {
        chosen = { product, history };
        break;
      }
    }
    if (!chosen) throw new Error('no demo product with a price history');
    const { product, history } = chosen;
    expect(history.days).toHaveLength(90);

    const { context, page } = await newVisitor(browser, { viewport: { width: 1366, height: 700 } });
    const chartScripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && /price-history|uplot/i.test(request.url())) chartScripts.push(request.url());
    });
    await page.goto(`/product/${product.slug}/${product.id}`);
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');

    // Below the fold: the heading and the held space are there, the chart's code is not.
    const holder = page.getByRole('region', { name: 'Price history' }).getByTestId('price-history');
    const heldHeight = (await holder.boundingBox())!.height;
    expect(heldHeight).toBeGreaterThanOrEqual(300);
    expect(chartScripts).toEqual([]);
    expect(await holder.locator('canvas').count()).toBe(0);

    await page.getByRole('heading', { name: 'Price history' }).scrollIntoViewIfNeeded();
    await holder.locator('canvas').first().waitFor();
    expect(chartScripts.length).toBeGreaterThan(0);
    await page.getByRole('img', { name: /^Chart of the lowest price including shipping per day/ }).waitFor();
    await holder.getByText(`Today ${euros(history.current!)}`).waitFor();
    await holder.getByText(new RegExp(`^Lowest ${euros(history.lowestInRange!.total).replace(/[.$]/g, '\\$&')} on`)).waitFor();
    // The chart filled the space held for it: nothing below moved.
    expect((await holder.boundingBox())!.height).toBe(heldHeight);

    // Ranges and the store lines.
    await Promise.all([
      page.waitForResponse((response) => response.url().includes(`/products/${product.id}/price-history?range=1y`)),
      holder.getByText('1 year', { exact: true }).click(),
    ]);
    await holder.getByRole('switch', { name: 'Show each store' }).click();
    await page.getByRole('list', { name: 'Lines in the chart' }).waitFor();
    // The loaded block passes axe-core (WCAG 2.1 A and AA) without serious or critical violations.
    const axe = await new AxeBuilder({ page: page as never })
      .include('[data-testid="price-history"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
    if (history.lowestInDays) {
      await page.getByRole('group', { name: 'Lowest price' }).getByText(`Lowest price in ${history.lowestInDays} days`).waitFor();
    }
    await context.close();
  });
});
