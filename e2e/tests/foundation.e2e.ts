import type { Browser, Page } from 'playwright-core';
import { api, login } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { DEMO_ADMIN } from '../support/server';

let browser: Browser;

/**
 * The users list opens on the newest accounts, and other browser tests keep adding some: sorted by
 * email, as an admin would look for one, the demo accounts are on the first page.
 */
async function sortUsersByEmail(page: Page): Promise<void> {
  await page.getByRole('columnheader', { name: 'Email' }).click();
  await page.waitForURL(/sortBy=email/);
}
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('foundation', () => {
  it('shows the categories from the database on the homepage', async () => {
    const config = await api<{ id: number }>('site-configuration?domain=localhost');
    const { categories } = await api<{ categories: { name: string }[] }>(`categories/homepage?siteConfigurationId=${config.id}`);
    expect(categories.length).toBeGreaterThan(0);
    const { context, page } = await newVisitor(browser);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Most Popular Categories' }).waitFor();
    for (const category of categories.slice(0, 3)) {
      await expect(page.getByText(category.name, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    await context.close();
  });

  it('signs the demo admin in on /login and lists the users on /admin/users', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The storefront remote signed in; the config-admin remote sees the same auth store.
    await page.goto('/admin');
    await page.waitForURL('**/admin/users');
    await sortUsersByEmail(page);
    await page.getByRole('cell', { name: DEMO_ADMIN.email }).waitFor();
    await expect(page.getByRole('cell', { name: 'demo@koopjesland.nl' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('shows an error with a retry where the store-admin remote cannot load, while the rest works', async () => {
    const { token, user } = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const { context, page } = await newVisitor(browser);
    await context.addInitScript(
      ([t, u]) => {
        window.localStorage.setItem('authToken', t as string);
        window.localStorage.setItem('authUser', u as string);
      },
      [token, JSON.stringify(user)],
    );
    await page.route('**/remotes/store-admin/**', (route) => route.abort('connectionrefused'));
    await page.goto('/admin/stores');
    await page.getByText('This part of the site could not be loaded.').waitFor();
    await expect(page.getByRole('button', { name: 'Try again' }).isVisible()).resolves.toBe(true);
    // The admin layout around it still works, and so does the storefront.
    await page.getByRole('link', { name: 'Users' }).click();
    await sortUsersByEmail(page);
    await page.getByRole('cell', { name: DEMO_ADMIN.email }).waitFor();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Most Popular Categories' }).waitFor();
    await context.close();
  });

  it('switches the language to English and keeps it after a reload', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'nl-NL' });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Populairste categorieën' }).waitFor();
    await page.getByRole('button', { name: 'Taal' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Most Popular Categories' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Most Popular Categories' }).waitFor();
    await expect(page.evaluate(() => window.localStorage.getItem('i18nextLng'))).resolves.toBe('en');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    // And back to Dutch.
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'Nederlands' }).click();
    await page.getByRole('heading', { name: 'Populairste categorieën' }).waitFor();
    await context.close();
  });
});
