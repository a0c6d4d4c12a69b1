/**
 * Roles and accounts in the browser: an admin creates a merchandiser and a store
 * manager for one store; each sees only their own areas; and a visitor who forgot their password
 * resets it through the mail the outbox kept (no SMTP server in the browser tests).
 */
import type { Browser, Page } from 'playwright-core';
import { api, login } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { BASE_URL, DEMO_ADMIN } from '../support/server';

type StoreList = { stores: { id: number; name: string }[] };

const PASSWORD = 'Voorjaarskorting-2026!';
const run = Date.now().toString(36);
const MERCHANDISER = `merchandiser-${run}@example.nl`;
const STORE_MANAGER = `winkelbeheer-${run}@example.nl`;
const FORGETFUL = `vergeetachtig-${run}@example.nl`;

let browser: Browser;
let adminToken: string;
let adminUser: unknown;
let ownStore: { id: number; name: string };
let otherStore: { id: number; name: string };

beforeAll(async () => {
  browser = await launchBrowser();
  ({ token: adminToken, user: adminUser } = await login(DEMO_ADMIN.email, DEMO_ADMIN.password));
  const { stores } = await api<StoreList>('stores?limit=1000&sortBy=name&sortOrder=asc', {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  if (stores.length < 2) throw new Error('the demo data should have at least two stores');
  [ownStore, otherStore] = [stores[0]!, stores[1]!];
});

afterAll(async () => {
  await browser?.close();
});

/** A browser signed in as the demo admin (credentials stored as the login page would). */
async function adminPage(): Promise<Page> {
  const { context, page } = await newVisitor(browser);
  await context.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('authToken', token as string);
      window.localStorage.setItem('authUser', user as string);
    },
    [adminToken, JSON.stringify(adminUser)],
  );
  return page;
}

/** Signs in through the login screen. */
async function signIn(email: string, password: string): Promise<Page> {
  const { page } = await newVisitor(browser);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-item-option[title="${option}"]`).click();
}

async function createUser(page: Page, email: string, role: string, store?: string) {
  await page.goto('/admin/users/new');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await choose(page, 'Role', role);
  if (store) {
    await choose(page, 'Stores', store);
    // A multiple choice stays open for more; close it.
    await page.keyboard.press('Escape');
  }
  await page.getByLabel('Set an initial password', { exact: true }).check();
  await page.getByLabel('Initial password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.waitForURL(/\/admin\/users\/\d+$/);
  await page.getByRole('heading', { name: email }).waitFor();
}

/** The sidebar's links, once the (lazily loaded) admin layout shows them. */
async function sidebarLinks(page: Page) {
  const links = page.getByRole('navigation', { name: 'Admin' }).getByRole('link');
  await links.first().waitFor();
  return links.evaluateAll((elements) => elements.map((link) => link.getAttribute('href')));
}

describe('roles', () => {
  beforeAll(async () => {
    const page = await adminPage();
    await createUser(page, MERCHANDISER, 'Merchandiser');
    await createUser(page, STORE_MANAGER, 'Store manager', ownStore.name);
    await page.getByText('Store manager', { exact: true }).first().waitFor();
    await page.context().close();
  });

  it("shows a merchandiser only the catalog area, and the spec's access-denied text on the stores", async () => {
    const page = await signIn(MERCHANDISER, PASSWORD);
    await page.goto('/admin');
    await page.waitForURL('**/admin/overview');
    expect(await sidebarLinks(page)).toEqual([
      '/admin/overview',
      '/admin/categories',
      '/admin/category-aliases',
      '/admin/bulk-category-alias',
      '/admin/products',
      '/admin/held-prices',
    ]);

    // Another role's section is not redirected: the layout says it is not this role's.
    await page.goto('/admin/stores');
    await page.getByText('Access denied. Admin privileges required.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/stores');
    await page.context().close();
  });

  it('shows a store manager only their store and its feeds', async () => {
    const page = await signIn(STORE_MANAGER, PASSWORD);
    await page.goto('/admin');
    await page.waitForURL('**/admin/overview');
    expect(await sidebarLinks(page)).toEqual(['/admin/overview', '/admin/stores', '/admin/prices', '/admin/held-prices', '/admin/price-reports']);
    await page.goto('/admin/stores');

    await page.getByRole('cell', { name: ownStore.name, exact: true }).first().waitFor();
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    expect(await page.getByRole('cell', { name: otherStore.name, exact: true }).count()).toBe(0);

    await page.getByRole('cell', { name: ownStore.name, exact: true }).first().click();
    await page.waitForURL(`**/admin/stores/${ownStore.id}**`);
    await page.getByRole('tab', { name: /Feeds/ }).click();
    await page.getByRole('button', { name: /Add Feed/ }).waitFor();

    // Feeds of another store are refused to this manager; their own are not.
    const { token } = await login(STORE_MANAGER, PASSWORD);
    const feedsStatus = async (storeId: number) =>
      (await fetch(`${BASE_URL}/api/store-feeds/store/${storeId}`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await feedsStatus(ownStore.id)).toBe(200);
    expect(await feedsStatus(otherStore.id)).toBe(403);
    await page.context().close();
  });
});

describe('forgotten password', () => {
  beforeAll(async () => {
    await api('auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: FORGETFUL, password: PASSWORD }),
    });
  });

  it('is reset through the link in the mail the outbox received', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The page is loaded lazily: the login form stays on screen until it arrives.
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(FORGETFUL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // The answer, or the error shown instead (named in the failure).
    const answer = page.getByText(`If an account exists for ${FORGETFUL}`).or(page.getByRole('alert'));
    await answer
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe page shows: ${await page.locator('body').innerText()}`);
      });
    expect(await answer.first().textContent()).toContain(`If an account exists for ${FORGETFUL}`);

    // The admin reads the mail in the outbox.
    const admin = await adminPage();
    await admin.goto(`/admin/outbox?search=${encodeURIComponent(FORGETFUL)}`);
    await admin.getByRole('cell', { name: FORGETFUL }).first().click();
    await admin.waitForURL(/\/admin\/outbox\/\d+$/);
    const text = (await admin.getByTestId('outbox-message-text').textContent()) ?? '';
    const link = /https?:\/\/\S+\/reset-password\?token=[^\s"<>]+/.exec(text)?.[0];
    expect(link).toBeDefined();
    await admin.context().close();

    const { pathname, search } = new URL(link!);
    await page.goto(`${pathname}${search}`);
    await page.getByLabel('New password', { exact: true }).fill('Nieuwe-zomerdeal-2026');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('Nieuwe-zomerdeal-2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed. You can now sign in with it.').waitFor();

    // The link works once only.
    await page.goto(`${pathname}${search}`);
    await page.getByLabel('New password', { exact: true }).fill('Nog-een-keer-2026!');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('Nog-een-keer-2026!');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('This reset link is invalid or has expired').waitFor();
    await context.close();

    const signedIn = await signIn(FORGETFUL, 'Nieuwe-zomerdeal-2026');
    await signedIn.context().close();
  });
});
