/**
 * The catalog admin as the demo admin: create a category under Audio and rename it,
 * assign three products from the shared assignment modal, reorder them by drag and drop (the
 * keyboard way @hello-pangea/dnd offers) and find that order on the public category page after
 * a reload; map an unmapped alias in bulk and find its products in the category; edit a
 * product's name and read it on the product page; merge two products and open the removed
 * one's address to land on the kept one.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, login } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { DEMO_ADMIN } from '../support/server';

interface ProductRef {
  id: number;
  name: string;
  slug: string;
}
interface BulkRow {
  id: number;
  path: string;
  category: { slug: string } | null;
  productCount: number;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;
const stamp = Date.now().toString(36);
const createdName = `Luidsprekers ${stamp}`;
const renamedName = `Draadloze luidsprekers ${stamp}`;
let categoryId: number;
let categorySlug: string;

const authorized = () => ({ headers: { authorization: `Bearer ${adminToken}` } });

beforeAll(async () => {
  browser = await launchBrowser();
  const session = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  adminToken = session.token;
  ({ context, page } = await newVisitor(browser));
  await context.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('authToken', token as string);
      window.localStorage.setItem('authUser', user as string);
      window.localStorage.setItem('cookie_consent', 'all');
      window.localStorage.setItem('i18nextLng', 'en');
    },
    [session.token, JSON.stringify(session.user)],
  );
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Picks a category by name in an antd TreeSelect opened by `opener`. */
async function pickCategory(opener: ReturnType<Page['locator']>, name: string) {
  await opener.click();
  await page.keyboard.type(name);
  await page.locator(`.ant-select-dropdown:visible .ant-select-tree-title:text-is("${name}")`).click();
}

describe('catalog admin', () => {
  it('creates a category under Audio and renames it', async () => {
    await page.goto('/admin/categories/new');
    await page.getByLabel('Name').fill(createdName);
    await pickCategory(page.locator('.ant-form-item:has-text("Parent category") .ant-select'), 'Audio');
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.waitForURL(/\/admin\/categories\/\d+$/);
    categoryId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: createdName }).waitFor();
    await page.locator('.ant-breadcrumb').getByText('Audio').waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(renamedName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: renamedName }).waitFor();
    const category = await api<{ name: string; slug: string; parentCategory: { name: string } }>(
      `categories/id/${categoryId}`,
    );
    expect(category.name).toBe(renamedName);
    expect(category.parentCategory.name).toBe('Audio');
    categorySlug = category.slug;
  });

  it('assigns three products from the modal, reorders them by drag and drop and shows that order publicly', async () => {
    await page.getByRole('button', { name: 'Assign Products' }).click();
    const modal = page.getByRole('dialog');
    const boxes = modal.getByRole('checkbox');
    await boxes.first().waitFor();
    for (let n = 0; n < 3; n += 1) await boxes.nth(n).check();
    await modal.getByText('3 selected').waitFor();
    await modal.getByRole('button', { name: 'Assign', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByText('Products (3)').waitFor();
    const rows = page.locator('.ant-card:has-text("Products (3)") tbody tr.ant-table-row');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    const listed = async () =>
      (await api<{ products: ProductRef[] }>(`categories/${categoryId}/products?page=1&limit=20`, authorized()))
        .products;
    const before = (await listed()).map((product) => product.name);
    const startsWithNames = async (names: string[]) => {
      const shown = (await rows.allTextContents()).map((text) => text.trim());
      names.forEach((name, index) => expect(shown[index]!.startsWith(name)).toBe(true));
    };
    await startsWithNames(before);

    await page.getByRole('switch', { name: 'Enable Drag & Drop' }).click();
    // Keyboard dragging: lift the first row, move it down one place, drop it.
    const firstRow = rows.first();
    await firstRow.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.getByText('Product order saved successfully!').waitFor();
    const expected = [before[1]!, before[0]!, before[2]!];
    // The table shows the new order at once, and the API keeps it.
    await startsWithNames(expected);
    const saved = { products: await listed() };
    expect(saved.products.map((product) => product.name)).toEqual(expected);
    await page.goto(`/${categorySlug}`);
    await page.reload();
    const publicNames = page.locator('main h2 a[href^="/product/"]');
    await publicNames.nth(2).waitFor();
    expect(await publicNames.count()).toBe(3);
    expect(await publicNames.allTextContents()).toEqual(saved.products.map((product) => product.name));
  });

  it('maps an unmapped alias in bulk and shows its products in the category', async () => {
    const { categoryAliases } = await api<{ categoryAliases: BulkRow[] }>('category-aliases/bulk/all', authorized());
    const unmapped = categoryAliases.find(
      (row) => (!row.category || row.category.slug === 'overig') && row.productCount > 0,
    );
    expect(unmapped).toBeDefined();
    const { products } = await api<{ products: ProductRef[] }>(
      `category-aliases/${unmapped!.id}/products?page=1&limit=5`,
      authorized(),
    );

    await page.goto('/admin/bulk-category-alias');
    await page.getByLabel('Filter aliases').fill(unmapped!.path);
    const row = page.locator('tr.ant-table-row', { hasText: unmapped!.path }).first();
    await pickCategory(row.locator('.ant-select'), renamedName);
    await page.getByRole('button', { name: /Save changes \(1\)/ }).click();
    await page.getByText('Saved: 1 successful, 0 failed').waitFor();

    await page.goto(`/${categorySlug}?search=${encodeURIComponent(products[0]!.name)}`);
    await page.locator('main h2 a[href^="/product/"]', { hasText: products[0]!.name }).first().waitFor();
  });

  it("edits a product's name and shows it on the product page", async () => {
    const { products } = await api<{ products: ProductRef[] }>(
      `categories/${categoryId}/products?page=1&limit=20`,
      authorized(),
    );
    const product = products[0]!;
    const newName = `${product.name} (${stamp})`;
    await page.goto(`/admin/products/${product.id}`);
    const name = page.locator('.ant-card:has-text("Edit Product")').getByLabel('Name');
    await name.fill(newName);
    await page.locator('.ant-card:has-text("Edit Product")').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product saved').waitFor();
    await page.goto(`/product/${product.slug}/${product.id}`);
    await page.getByRole('heading', { name: newName, level: 1 }).waitFor();
  });

  it("merges two products and sends the removed one's address to the kept one", async () => {
    const { products } = await api<{ products: ProductRef[] }>(
      `categories/${categoryId}/products?page=1&limit=20`,
      authorized(),
    );
    const [kept, removed] = [products[1]!, products[2]!];
    await page.goto(`/admin/products/${kept.id}`);
    // Filled into the combobox itself: keys typed after a click were once lost while the page settled.
    const searching = page.waitForResponse((res) => res.url().includes('/api/products?') && res.url().includes('search='));
    await page.getByLabel('Search a product to merge in').fill(removed.name);
    await searching;
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `#${removed.id} ` }).click();
    await page.getByRole('button', { name: 'Merge into this product' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Merge into this product' }).click();
    await page.getByText(`${removed.name} merged into ${kept.name}`).waitFor();

    await page.goto(`/product/${removed.slug}/${removed.id}`);
    await page.waitForURL(`**/product/${kept.slug}/${kept.id}`);
    await page.getByRole('heading', { name: kept.name, level: 1 }).waitFor();
  });
});
