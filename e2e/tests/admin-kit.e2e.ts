/**
 * Admin lists keep their state in the address (admin kit's useServerTable): a reload and the
 * browser's back button return to the same page in the same order.
 */
import type { Browser, Page } from 'playwright-core';
import { api, login } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { DEMO_ADMIN } from '../support/server';

type UserList = { users: { email: string }[]; pagination: { totalPages: number } };

let browser: Browser;
let adminToken: string;
let adminUser: unknown;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ token: adminToken, user: adminUser } = await login(DEMO_ADMIN.email, DEMO_ADMIN.password));
  // Enough accounts for three pages of 20 (the browser tests start from an empty data folder),
  // created by the admin: sign-up is rate-limited per client, as it should be.
  for (let n = 0; n < 45; n += 1) {
    await api('admin/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        email: `lijst-${String(n).padStart(2, '0')}@example.nl`,
        role: 'user',
        password: 'Zomeraanbieding-2025!',
      }),
    });
  }
});

afterAll(async () => {
  await browser?.close();
});

/** The emails the API lists on a page, in the order asked for. */
async function emailsOn(page: number): Promise<string[]> {
  const list = await api<UserList>(`auth/users?page=${page}&limit=20&sortBy=email&sortOrder=asc`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return list.users.map((user) => user.email);
}

const firstEmailCell = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row td').first();

describe('admin lists', () => {
  it('keep page and sort through a reload and the back button', async () => {
    const { context, page } = await newVisitor(browser);
    await context.addInitScript(
      ([token, user]) => {
        window.localStorage.setItem('authToken', token as string);
        window.localStorage.setItem('authUser', user as string);
      },
      [adminToken, JSON.stringify(adminUser)],
    );
    const [pageTwo, pageThree] = [await emailsOn(2), await emailsOn(3)];

    await page.goto('/admin/users?page=2&sortBy=email&sortOrder=asc');
    await page.getByRole('cell', { name: pageTwo[0] }).waitFor();
    expect(await firstEmailCell(page).textContent()).toBe(pageTwo[0]);
    expect(await page.locator('.ant-pagination-item-active').textContent()).toBe('2');

    await page.reload();
    await page.getByRole('cell', { name: pageTwo[0] }).waitFor();
    expect(await firstEmailCell(page).textContent()).toBe(pageTwo[0]);
    expect(new URL(page.url()).search).toBe('?page=2&sortBy=email&sortOrder=asc');

    await page.locator('.ant-pagination-item-3').click();
    await page.waitForURL('**/admin/users?page=3&sortBy=email&sortOrder=asc');
    await page.getByRole('cell', { name: pageThree[0] }).waitFor();

    await page.goBack();
    await page.waitForURL('**/admin/users?page=2&sortBy=email&sortOrder=asc');
    await page.getByRole('cell', { name: pageTwo[0] }).waitFor();
    expect(await firstEmailCell(page).textContent()).toBe(pageTwo[0]);
    expect(await page.locator('.ant-pagination-item-active').textContent()).toBe('2');
    await context.close();
  });
});
