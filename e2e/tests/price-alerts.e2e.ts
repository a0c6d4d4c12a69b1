/**
 * Wishlist price alerts in the browser: the demo user sets a target above the product's current
 * lowest price, so it is met at once, and the alert mail lands in the outbox (no SMTP server in
 * the browser tests), where the admin reads it in English, the language the user signed in with.
 * Its unsubscribe link works without sign-in, and My wishlist turns the alerts on again.
 */
import type { Browser } from 'playwright-core';
import { api, login } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { DEMO_ADMIN, DEMO_USER } from '../support/server';

interface ListResponse {
  products: { id: number; slug: string; name: string; lowestPrice: { total: number } | null }[];
}
interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string> | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('mails the demo user at once when the target they set is already met; the admin finds the mail in the outbox; its link unsubscribes', async () => {
  const { token } = await login(DEMO_USER.email, DEMO_USER.password);
  const userAuth = { authorization: `Bearer ${token}` };
  const { wishlistItems } = await api<{ wishlistItems: { productId: number }[] }>('wishlist', { headers: userAuth });
  const { products } = await api<ListResponse>('products?limit=40&sortBy=views&sortOrder=desc');
  const product = products.find((p) => p.lowestPrice && !wishlistItems.some((item) => item.productId === p.id))!;
  const target = product.lowestPrice!.total + 100;

  const { context, page } = await newVisitor(browser);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(`/product/${product.slug}/${product.id}`);
  await page.getByRole('heading', { name: product.name }).waitFor();
  await page.getByRole('button', { name: 'Add to wishlist', exact: true }).click();
  await page.getByRole('dialog', { name: 'Add to wishlist' }).waitFor();
  await page.getByLabel('Desired price').fill((target / 100).toFixed(2).replace('.', ','));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByText(`${product.name} has been added to your wishlist`).waitFor();

  // The admin's outbox page lists the alert for the demo user; its text names the product page.
  const { token: adminToken, user: adminUser } = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const admin = await newVisitor(browser);
  await admin.context.addInitScript(
    ([value, user]) => {
      window.localStorage.setItem('authToken', value as string);
      window.localStorage.setItem('authUser', user as string);
    },
    [adminToken, JSON.stringify(adminUser)],
  );
  await admin.page.goto(`/admin/outbox?search=${encodeURIComponent(DEMO_USER.email)}`);
  await admin.page.getByRole('cell', { name: `Price alert: ${product.name} for` }).first().click();
  await admin.page.waitForURL(/\/admin\/outbox\/\d+$/);
  const text = (await admin.page.getByTestId('outbox-message-text').textContent()) ?? '';
  expect(text).toContain(`${product.name} now costs`);
  expect(text).toMatch(new RegExp(`/product/${product.slug}/${product.id}\\b`));
  const unsubscribe = /https?:\/\/\S+\/api\/price-alerts\/unsubscribe\?token=[\w.-]+/.exec(text)?.[0];
  expect(unsubscribe).toBeDefined();
  const id = Number(/\/admin\/outbox\/(\d+)$/.exec(admin.page.url())![1]);
  await admin.context.close();

  // The kept mail carries the one-click unsubscribe headers it would have been sent with.
  const message = await api<OutboxMessage>(`admin/outbox/${id}`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(message.to).toBe(DEMO_USER.email);
  expect(message.headers).toEqual({
    'List-Unsubscribe': expect.stringMatching(/^<https?:\/\/[^>]+\/api\/price-alerts\/unsubscribe\?token=[\w.-]+>$/),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });

  // The link in the mail unsubscribes without sign-in; My wishlist then shows alerts off and turns them on again.
  const link = new URL(unsubscribe!);
  const visitor = await newVisitor(browser);
  await visitor.page.goto(`${link.pathname}${link.search}`);
  await visitor.page.getByRole('heading', { name: 'Unsubscribed from price alerts' }).waitFor();
  await visitor.context.close();
  await page.goto('/wishlist');
  const setting = page.getByRole('switch', { name: 'E-mail me when a price reaches my target' });
  await page.getByText('Price alerts are off: you get no e-mails about your targets.').waitFor();
  expect(await setting.isChecked()).toBe(false);
  await setting.click();
  await page.getByText(/^You get one e-mail when the lowest price/).waitFor();
  expect(await setting.isChecked()).toBe(true);
  await context.close();

  // Leave the demo user's wishlist as it was.
  const check = await api<{ wishlistItemId: number }>(`wishlist/check/${product.id}`, { headers: userAuth });
  await api(`wishlist/${check.wishlistItemId}`, { method: 'DELETE', headers: userAuth });
});
