/**
 * Find by specification and compare side by side, as a visitor does it on a desktop and on a
 * 375 px phone: filter televisions by screen size and energy label and see the counts follow,
 * choose three for the comparison, open /compare and find the rows that differ highlighted.
 * The demo catalogue's televisions carry the fields (api/src/demo); the expected counts are read
 * from the API first, so the test follows the demo data rather than hard-coding it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api } from '../support/api';
import { BASE_URL } from '../support/server';
import { launchBrowser, newVisitor } from '../support/browser';

const CATEGORY = { slug: 'oled-televisies', name: 'OLED televisies' };
const SCREEN_SIZE = 'Schermdiagonaal';
const ENERGY_LABEL = 'Energielabel';

type Facet =
  | { fieldId: number; name: string; type: 'number'; unit: string | null; min: number | null; max: number | null }
  | { fieldId: number; name: string; type: 'boolean' | 'list'; options: { value: string; count: number; selected: boolean }[] };
interface Facets {
  facets: Facet[];
}
interface CategoryPage {
  products: { id: number; name: string }[];
  pagination: { totalItems: number };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const facetsOf = (spec?: string) =>
  api<Facets>(`categories/${CATEGORY.slug}/specification-facets${spec ? `?spec=${encodeURIComponent(spec)}` : ''}`);

/**
 * The visitor's choice, worked out from the API: a screen size from which on fewer products have
 * some energy label (so its count visibly changes), and such a label with at least three products.
 */
async function plan() {
  const all = await facetsOf();
  const size = all.facets.find((facet) => facet.name === SCREEN_SIZE);
  const label = all.facets.find((facet) => facet.name === ENERGY_LABEL);
  if (size?.type !== 'number' || label?.type !== 'list' || size.min === null || size.max === null)
    throw new Error(`the demo catalogue has no ${SCREEN_SIZE} and ${ENERGY_LABEL} filters on ${CATEGORY.slug}`);
  const span = size.max - size.min;
  const thresholds = [...new Set([1, 2, 3].map((quarter) => Math.round(size.min! + (span * quarter) / 4)))];
  for (const from of thresholds.filter((value) => value > size.min!)) {
    const spec = `${size.fieldId}:${from}~`;
    const narrowed = await facetsOf(spec);
    const narrowedLabel = narrowed.facets.find((facet) => facet.fieldId === label.fieldId);
    if (narrowedLabel?.type !== 'list') continue;
    for (const option of narrowedLabel.options) {
      const before = label.options.find((entry) => entry.value === option.value)!;
      if (option.count >= 3 && option.count < before.count) {
        const page = await api<CategoryPage>(
          `categories/page/${CATEGORY.slug}?spec=${encodeURIComponent(`${spec},${label.fieldId}:${option.value}`)}&limit=21`,
        );
        return { size, label, from, option: option.value, countBefore: before.count, countAfter: option.count, total: page.pagination.totalItems };
      }
    }
  }
  throw new Error('no screen size and energy label in the demo data narrow the televisions to three or more');
}

function visitor(phone: boolean): Promise<{ context: BrowserContext; page: Page }> {
  return newVisitor(browser, { phone });
}

const specOf = (url: URL) => url.searchParams.get('spec') ?? '';

async function filterAndCompare(phone: boolean) {
  const choice = await plan();
  const { context, page } = await visitor(phone);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  });
  await page.goto(`/${CATEGORY.slug}`);
  // Hydrated: the cards' Compare buttons answer.
  await page.getByRole('button', { name: /^Compare / }).first().and(page.locator(':enabled')).waitFor();
  // On a phone the filters are a sheet that opens under its button.
  if (phone) await page.locator('.kl-category-filters').getByRole('button', { name: 'Filters' }).click();
  const labels = page.getByRole('group', { name: ENERGY_LABEL });
  const option = (count: number, checked?: boolean) =>
    labels.getByRole('checkbox', { name: `${choice.option} ${count}`, exact: true, ...(checked === undefined ? {} : { checked }) });
  await option(choice.countBefore).waitFor();

  const from = page.getByRole('spinbutton', { name: `${SCREEN_SIZE} from` });
  await from.and(page.locator(':enabled')).waitFor();
  await from.fill(String(choice.from));
  await from.press('Enter');
  await page.waitForURL((url) => specOf(url).startsWith(`${choice.size.fieldId}:${choice.from}~`));
  // The energy label's count follows the screen size chosen.
  await option(choice.countAfter).waitFor();

  await option(choice.countAfter).click();
  await page.waitForURL((url) => specOf(url).includes(`${choice.label.fieldId}:${choice.option}`));
  await option(choice.countAfter, true).waitFor();
  await page.getByText(`${choice.total} products found`).waitFor();
  await page.getByRole('button', { name: `Remove filter ${ENERGY_LABEL}: ${choice.option}` }).waitFor();
  // The back button takes the last choice back, forward brings it again.
  await page.goBack();
  await page.waitForURL((url) => !specOf(url).includes(`${choice.label.fieldId}:`));
  await option(choice.countAfter, false).waitFor();
  await page.goForward();
  await page.waitForURL((url) => specOf(url).includes(`${choice.label.fieldId}:${choice.option}`));
  await page.getByText(`${choice.total} products found`).waitFor();
  await option(choice.countAfter, true).waitFor();

  // Three of the results into the comparison.
  const list = page.getByRole('list', { name: `Products in ${CATEGORY.name}` });
  const names = await list.getByRole('heading').allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const name of names.slice(0, 3)) {
    const toggle = list.getByRole('button', { name: `Compare ${name}`, exact: true });
    await toggle.click();
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
  }
  const tray = page.getByRole('region', { name: 'Comparison' });
  await tray.getByText('Compare (3/4)').waitFor();
  for (const name of names.slice(0, 3)) await tray.getByText(name, { exact: true }).waitFor();
  await tray.getByRole('link', { name: 'Compare 3 products' }).click();
  await page.waitForURL((url) => url.pathname === '/compare' && (url.searchParams.get('ids') ?? '').split(',').length === 3);

  const table = page.getByRole('table', { name: `Comparison of ${CATEGORY.name}` });
  await table.waitFor();
  for (const name of names.slice(0, 3)) await table.getByRole('link', { name, exact: true }).waitFor();
  // Every row is highlighted exactly when its products' values differ, and some do.
  const rows = await table.locator('tbody tr').evaluateAll((elements) =>
    elements.map((row) => ({
      field: row.querySelector('th')?.textContent ?? '',
      values: Array.from(row.querySelectorAll('td'), (cell) => cell.textContent),
      highlighted: row.classList.contains('kl-compare-differs'),
      background: getComputedStyle(row.querySelector('td')!).backgroundColor,
    })),
  );
  expect(rows.length).toBeGreaterThan(1);
  for (const row of rows) expect({ field: row.field, highlighted: row.highlighted }).toEqual({ field: row.field, highlighted: new Set(row.values).size > 1 });
  const highlighted = rows.filter((row) => row.highlighted);
  expect(highlighted.length).toBeGreaterThan(0);
  expect(highlighted[0]!.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(problems).toEqual([]);
  return { context, page, table };
}

describe('find by specification and compare', () => {
  it('on a desktop: filters with counts, three televisions compared, differences highlighted, not indexed', async () => {
    const { context, page } = await filterAndCompare(false);
    // A shared address renders the same comparison on the server, and search engines leave it out.
    const html = await (await fetch(page.url())).text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain('kl-compare-differs');
    const violations = (await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('on a 375 px phone: the same, and the comparison scrolls sideways under fixed field names', async () => {
    const { context, page, table } = await filterAndCompare(true);
    const fieldName = table.locator('tbody th').first();
    const firstValue = table.locator('tbody td').first();
    const [nameBefore, valueBefore] = [(await fieldName.boundingBox())!, (await firstValue.boundingBox())!];
    await page.getByRole('region', { name: `Comparison of ${CATEGORY.name}` }).evaluate((region) => region.scrollBy(200, 0));
    await page.waitForFunction(
      ([selector, before]) => document.querySelector(selector as string)!.getBoundingClientRect().x < (before as number) - 100,
      ['.kl-compare-table tbody td', valueBefore.x] as const,
    );
    expect((await fieldName.boundingBox())!.x).toBeCloseTo(nameBefore.x, 0);
    await context.close();
  });

  it('a shared address naming a field the category no longer has: the server renders the page without it; a malformed value is the API’s 400', async () => {
    const label = (await facetsOf()).facets.find((facet) => facet.name === ENERGY_LABEL);
    if (label?.type !== 'list' || !label.options[0]) throw new Error(`the demo catalogue has no ${ENERGY_LABEL} options on ${CATEGORY.slug}`);
    const kept = `${label.fieldId}:${label.options[0].value}`;
    // No category has this field (ids are far below it): a deleted field as an old address names it.
    const stale = `${kept},2147483000:1~2`;
    const shown = await api<CategoryPage>(`categories/page/${CATEGORY.slug}?spec=${encodeURIComponent(stale)}&limit=21`);
    expect(shown.pagination.totalItems).toBe(label.options[0].count);
    const response = await fetch(`${BASE_URL}/${CATEGORY.slug}?spec=${encodeURIComponent(stale)}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('kl-alert-error');
    expect(html).toContain(shown.products[0]!.name.replace(/&/g, '&amp;'));
    // Left out of everything the page shows, links to or names: only the embedded state (the address it
    // answered) and the sign-in link (back to the address the visitor came from) keep the address as it was.
    const markup = html.replace(/<script id="kl-state"[^]*?<\/script>/, '').replace(/href="\/login\?redirect=[^"]*"/g, '');
    expect(markup).not.toContain('2147483000');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"?]*/${CATEGORY.slug}"`));

    const malformed = await fetch(`${BASE_URL}/api/categories/page/${CATEGORY.slug}?spec=${encodeURIComponent(`${label.fieldId}:1~2`)}`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'Invalid spec', details: `spec: field ${label.fieldId} ("${ENERGY_LABEL}") is not a number; choose options` });
  });
});
