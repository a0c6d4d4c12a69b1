/**
 * Wrong-price reports: a visitor reports the lowest offer of a demo product,
 * the demo admin finds it in /admin/price-reports and hides it, and the product page no longer
 * shows that offer (nor counts it as the lowest price).
 */
import type { Browser } from 'playwright-core';
import { api, login } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { DEMO_ADMIN } from '../support/server';

interface ListResponse {
  products: { id: number; slug: string; name: string; offerCount: number }[];
}
interface ProductResponse {
  prices: { id: number; total: number; store: { name: string } }[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('a visitor reports an offer, the admin hides it, and the product page no longer shows it', async () => {
  // A demo product with several offers from different stores.
  const { products } = await api<ListResponse>('products?sortBy=views&sortOrder=desc&limit=50');
  const product = products.find((candidate) => candidate.offerCount >= 2);
  if (!product) throw new Error('no demo product with two offers');
  const { prices } = await api<ProductResponse>(`products/${product.id}`);
  const [lowest, next] = prices;
  const store = lowest!.store.name;
  // Two offers of the same store name would make the page check ambiguous.
  expect(prices.filter((price) => price.store.name === store)).toHaveLength(1);

  // The visitor (not signed in) reports the lowest offer.
  const visitor = await newVisitor(browser);
  await visitor.page.goto(`/product/${product.slug}/${product.id}`);
  await visitor.page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
  await visitor.page.getByRole('button', { name: `Report a wrong price at ${store}` }).click();
  const form = visitor.page.getByRole('dialog', { name: 'Report a wrong price' });
  // As a visitor does: choose once the dialog has opened, and see the choice marked. React marks
  // it when it renders the form's new state, which on a busy machine comes after the click returns.
  await form.evaluate((dialog) =>
    Promise.all(
      dialog
        .getAnimations({ subtree: true })
        .filter((run) => run.effect?.getComputedTiming().iterations !== Infinity)
        .map((run) => run.finished.catch(() => undefined)),
    ),
  );
  await form.getByRole('radio', { name: 'The price is different' }).click();
  await form.getByRole('radio', { name: 'The price is different', checked: true }).waitFor();
  await form.getByRole('textbox', { name: 'Note (optional)' }).fill('De winkel vraagt meer bij het afrekenen');
  await form.getByRole('button', { name: 'Send report' }).click();
  await visitor.page.getByText('Thank you for your report').waitFor();
  await form.waitFor({ state: 'hidden' });

  // The demo admin finds it in the queue and hides the offer.
  const session = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const admin = await newVisitor(browser);
  await admin.context.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('authToken', token as string);
      window.localStorage.setItem('authUser', user as string);
    },
    [session.token, JSON.stringify(session.user)],
  );
  await admin.page.goto('/admin/price-reports');
  const row = admin.page.getByRole('row').filter({ hasText: product.name }).filter({ hasText: store });
  await row.getByText('Price differs (1)').waitFor();
  await row.getByText('“De winkel vraagt meer bij het afrekenen”').waitFor();
  await row.getByRole('button', { name: 'Hide offer' }).click();
  await admin.page.getByRole('dialog').getByRole('button', { name: 'Hide offer' }).click();
  await admin.page.getByText(`${product.name} at ${store} is hidden until the next import`).waitFor();
  await admin.page.getByText('No open price reports').waitFor();

  // The product page no longer shows the offer; the next one is the lowest.
  const later = await newVisitor(browser);
  await later.page.goto(`/product/${product.slug}/${product.id}`);
  await later.page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
  await later.page.getByRole('button', { name: `View offer at ${next!.store.name}` }).waitFor();
  expect(await later.page.getByRole('button', { name: `View offer at ${store}` }).count()).toBe(0);
  // Offers shown on the page (a freshly loaded page held a second, invisible copy of the list).
  const offers = later.page.getByTestId('offer').filter({ visible: true });
  expect(await offers.count()).toBe(prices.length - 1);
  await offers.first().getByText(next!.store.name).waitFor();
  await offers.first().getByText('Lowest price').waitFor();

  await later.context.close();
  await visitor.context.close();
  await admin.context.close();
});
