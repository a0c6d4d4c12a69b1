/**
 * Accessibility with axe-core on the visitor pages and each admin area's main page: no serious
 * or critical violation (WCAG 2.1 A and AA rules).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { api, login } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { DEMO_ADMIN } from '../support/server';

interface ListResponse {
  products: { id: number; slug: string }[];
}
interface CategoryNode {
  slug: string;
}

let browser: Browser;
let session: { token: string; user: unknown };
let productPath: string;
let categoryPath: string;
let storePath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  session = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const { products } = await api<ListResponse>('products?limit=1&sortBy=views&sortOrder=desc');
  productPath = `/product/${products[0]!.slug}/${products[0]!.id}`;
  const { categories } = await api<{ categories: CategoryNode[] }>('categories/homepage');
  categoryPath = `/${categories[0]!.slug}`;
  const { stores } = await api<{ stores: { slug: string }[] }>('stores?limit=1');
  storePath = `/store/${stores[0]!.slug}`;
});
afterAll(async () => {
  await browser?.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page: page as never })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
}

async function visit(url: () => string, ready: string, signedIn: boolean): Promise<Page> {
  const { context, page } = await newVisitor(browser, { locale: 'nl-NL' });
  if (signedIn) {
    await context.addInitScript(
      ([token, user]) => {
        window.localStorage.setItem('authToken', token as string);
        window.localStorage.setItem('authUser', user as string);
      },
      [session.token, JSON.stringify(session.user)],
    );
  }
  await page.goto(url());
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  return page;
}

describe('accessibility (axe-core)', () => {
  it.each<[string, () => string, string, boolean]>([
    ['the homepage', () => '/', 'main', false],
    ['a category page', () => categoryPath, 'main', false],
    ['a product page', () => productPath, 'main h1', false],
    ['search', () => '/search?q=wasmachine', 'main', false],
    ['login', () => '/login', 'form', false],
    ['a store page with the rating form', () => storePath, 'main h1', true],
    ['the privacy page', () => '/privacy', 'main h1', false],
    ['my wishlist', () => '/wishlist', 'main h1', true],
    ['the deals page', () => '/deals', 'main [data-testid="product-card"]', false],
    ['the catalog admin', () => '/admin/categories', '.ant-card, .ant-table, .ant-tree', true],
    ['the store admin', () => '/admin/stores', '.ant-table', true],
    ['the configuration admin', () => '/admin/users', '.ant-table', true],
  ])('%s has no serious or critical violation', async (_name, url, ready, signedIn) => {
    const page = await visit(url, ready, signedIn);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
