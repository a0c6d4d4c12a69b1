import type { Browser } from 'playwright-core';
import { api } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';

interface Deal {
  id: number;
  slug: string;
  name: string;
  dealPercentage: number;
  referencePrice: number;
}
interface DealList {
  products: Deal[];
  pagination: { totalItems: number };
}
interface CategoryNode {
  name: string;
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

const badge = (deal: Deal) => `Deal: ${Math.round(deal.dealPercentage)} % below the usual price`;

describe('honest deals', () => {
  it('header → /deals: the best deals with their badges → a category → a deal\'s product page', async () => {
    // The demo's price history has real drops below the 30-day median (refreshed at start).
    const all = await api<DealList>('deals');
    expect(all.products.length).toBeGreaterThan(0);
    const best = all.products[0]!;

    const { context, page } = await newVisitor(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Deals' }).click();
    await page.waitForURL((url) => url.pathname === '/deals');
    await page.getByRole('heading', { name: 'Deals', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'Deals, best first' });
    await list.getByRole('link', { name: best.name }).first().waitFor();
    await list.getByText(badge(best)).first().waitFor();

    // A top-level category that has deals: the list narrows to its subtree's deals.
    const { categories } = await api<{ categories: CategoryNode[] }>('categories?navigation=true');
    let chosen: { category: CategoryNode; deals: DealList } | undefined;
    for (const category of categories) {
      const deals = await api<DealList>(`deals?category=${encodeURIComponent(category.slug)}`);
      if (deals.products.length > 0 && deals.pagination.totalItems < all.pagination.totalItems) {
        chosen = { category, deals };
        break;
      }
    }
    if (!chosen) throw new Error('no top-level category with some, but not all, deals');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${chosen.category.name}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('category') === chosen!.category.slug);
    const first = chosen.deals.products[0]!;
    const expected = chosen.deals.products.map((deal) => deal.name);
    // The category's deals, in the API's order, replace the whole list.
    await page.waitForFunction(
      (names) => {
        const list = document.querySelector('ul[aria-label="Deals, best first"]');
        const shown = Array.from(list ? list.querySelectorAll('h2') : [], (heading) => heading.textContent);
        return shown.length === names.length && shown.every((name, index) => name === names[index]);
      },
      expected,
    );

    // The deal's product page carries the same badge.
    await list.getByRole('link', { name: first.name }).first().click();
    await page.waitForURL((url) => url.pathname === `/product/${first.slug}/${first.id}`);
    await page.getByRole('heading', { name: first.name, level: 1 }).waitFor();
    await page.getByText(badge(first)).first().waitFor();
    await context.close();
  });
});
