/**
 * The Content-Security-Policy holds in a real browser: the storefront and every admin area load
 * with no violation reported, and a script injected into the page is blocked.
 */
import type { Browser, Page } from 'playwright-core';
import { login } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { DEMO_ADMIN } from '../support/server';

let browser: Browser;
let session: { token: string; user: unknown };

beforeAll(async () => {
  browser = await launchBrowser();
  session = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await browser?.close();
});

/** A signed-in admin page that records every CSP violation the browser reports. */
async function adminVisitor(): Promise<Page> {
  const { context, page } = await newVisitor(browser);
  await context.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('authToken', token as string);
      window.localStorage.setItem('authUser', user as string);
      (window as unknown as { cspViolations: string[] }).cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { cspViolations: string[] }).cspViolations.push(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    },
    [session.token, JSON.stringify(session.user)],
  );
  return page;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('Content-Security-Policy', () => {
  it.each([
    ['the homepage', '/', 'main h1, main h2'],
    ['the catalog admin', '/admin/categories', '.ant-table, .ant-tree, .ant-card'],
    ['the store admin', '/admin/stores', '.ant-table'],
    ['the configuration admin', '/admin/users', '.ant-table'],
    ['the API documentation', '/api/docs', '.swagger-ui .info'],
  ])('lets %s load with no violation', async (_name, url, ready) => {
    const page = await adminVisitor();
    const response = await page.goto(url);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });

  it('blocks a script injected into the page and reports it', async () => {
    const page = await adminVisitor();
    await page.goto('/');
    await page.locator('main').first().waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = localStorage.getItem("authToken")';
      document.body.appendChild(script);
    });
    await page.waitForFunction(() => (window as unknown as { cspViolations: string[] }).cspViolations.length > 0);
    expect(await page.evaluate(() => (window as unknown as { injected?: string }).injected)).toBeUndefined();
    expect((await violations(page))[0]).toMatch(/^script-src/);
    await page.context().close();
  });
});
