/**
 * The store admin as the demo admin: add a store with the modal (slug derived from the name),
 * connect an Awin feed served by this test on 127.0.0.1, run it and watch the progress bar
 * move and reach 100 %, read the run's problem groups in the history, edit an offer's price
 * and find the new lowest price on the public product page, and delete all of the store's
 * prices.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, login } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { DEMO_ADMIN } from '../support/server';

const FEED = fs.readFileSync(path.join(__dirname, '../fixtures/store-admin/awin-feed.csv'));
/** Sent at once; the rest trickles in a line at a time until the test has seen the bar part-way. */
const FIRST_PART = Math.floor(FEED.length / 3);
const TRICKLE_MS = 250;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;
let feedServer: http.Server;
let feedUrl: string;
/** Set once the browser showed the bar part-way: the feed server then sends the rest at once. */
let seenPartWay = false;

function serveFeed(response: http.ServerResponse) {
  response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-length': String(FEED.length) });
  response.write(FEED.subarray(0, FIRST_PART));
  let sent = FIRST_PART;
  const next = () => {
    if (response.destroyed) return;
    if (seenPartWay) {
      response.end(FEED.subarray(sent));
      return;
    }
    const lineEnd = FEED.indexOf(10, sent);
    const end = lineEnd === -1 ? FEED.length : lineEnd + 1;
    response.write(FEED.subarray(sent, end));
    sent = end;
    if (sent >= FEED.length) response.end();
    else setTimeout(next, TRICKLE_MS);
  };
  setTimeout(next, TRICKLE_MS);
}

beforeAll(async () => {
  feedServer = http.createServer((request, response) => {
    if (request.url === '/awin-feed.csv') serveFeed(response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/awin-feed.csv`;

  browser = await launchBrowser();
  const session = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  adminToken = session.token;
  ({ context, page } = await newVisitor(browser));
  await context.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('authToken', token as string);
      window.localStorage.setItem('authUser', user as string);
    },
    [session.token, JSON.stringify(session.user)],
  );
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise((resolve) => feedServer?.close(resolve));
});

const adminApi = <T>(apiPath: string) => api<T>(apiPath, { headers: { authorization: `Bearer ${adminToken}` } });

/** The percent the run's progress bar shows. */
async function shownPercent(bar: ReturnType<Page['getByRole']>): Promise<number> {
  return Number(await bar.getAttribute('aria-valuenow'));
}

describe('store admin', () => {
  let storeId: number;
  let storeName: string;

  it('adds a store with the modal, its slug derived from the name', async () => {
    storeName = `Klankwinkel E2E ${Date.now()}`;
    await page.goto('/admin/stores');
    await page.getByRole('button', { name: 'Add store' }).click();
    const modal = page.getByRole('dialog', { name: 'Add store' });
    await modal.getByLabel('Name', { exact: true }).fill(storeName);
    expect(await modal.getByLabel('Slug', { exact: true }).inputValue()).toBe(storeName.toLowerCase().replace(/ /g, '-'));
    await modal.getByLabel('URL', { exact: true }).fill('https://klankwinkel.example');
    await modal.getByRole('button', { name: 'Create store' }).click();

    await page.waitForURL(/\/admin\/stores\/\d+$/);
    storeId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: storeName }).waitFor();
  });

  it('adds an Awin feed, runs it and shows the progress bar move to 100 %', async () => {
    await page.getByRole('tab', { name: /Feeds/ }).click();
    await page.getByRole('button', { name: 'Add Feed' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Feed' });
    await modal.getByLabel('Name', { exact: true }).fill('awin-e2e');
    // The storage path follows the name.
    expect(await modal.getByLabel('Storage path', { exact: true }).inputValue()).toBe(`${storeName.toLowerCase().replace(/ /g, '-')}/awin-e2e.xml`);
    await modal.getByLabel('Importer', { exact: true }).click();
    await page.locator('.ant-select-item-option[title="awin"]').click();
    await modal.getByLabel('URL', { exact: true }).fill(feedUrl);
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: /awin-e2e/ });
    await row.getByRole('button', { name: /Run$/ }).click();
    const bar = row.getByRole('progressbar');
    await bar.waitFor();
    // Part-way while the file still trickles in, then the whole file and the result.
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[role="progressbar"]')).some((element) => {
          const percent = Number(element.getAttribute('aria-valuenow'));
          return percent > 0 && percent < 100;
        }),
      undefined,
      { timeout: 60_000 },
    );
    seenPartWay = true;
    await row.getByText('Succeeded').waitFor({ timeout: 60_000 });
    expect(await shownPercent(bar)).toBe(100);
  });

  it('lists the run in the history with its problems grouped by reason', async () => {
    await page.getByRole('row', { name: /awin-e2e/ }).getByRole('button', { name: 'Run history' }).click();
    await page.waitForURL(/\/admin\/stores\/\d+\/feeds\/\d+$/);
    const run = page.getByRole('row', { name: /Manual/ });
    await run.getByText('Succeeded').waitFor();
    await run.click();
    await page.getByText('Missing or unreadable price').waitFor();
    await page.getByText('Unknown currency').waitFor();
    await page.getByText('Unknown currency').click();
    await page.getByText(/^Line \d+/).first().waitFor();
  });

  it('edits an offer and the public product page shows the new lowest price', async () => {
    await page.goto(`/admin/stores/${storeId}?tab=prices`);
    await page.getByRole('row', { name: /E2E Luidspreker 001/ }).click();
    await page.waitForURL(/\/admin\/prices\/\d+$/);
    const priceId = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByLabel('Base price').fill('12.34');
    await page.getByLabel('Shipping').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Price saved').waitFor();

    const price = await adminApi<{ total: number; product: { id: number; slug: string } }>(`prices/${priceId}`);
    expect(price.total).toBe(1234);
    const visitor = await browser.newPage();
    await visitor.goto(new URL(`/product/${price.product.slug}/${price.product.id}`, page.url()).toString());
    await visitor.getByText(/12,34/).first().waitFor();
    await visitor.close();
  });

  it('deletes all prices of the store and shows the counts', async () => {
    await page.goto(`/admin/stores/${storeId}?tab=prices`);
    await page.getByRole('button', { name: 'Delete All Prices' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const result = page.getByRole('dialog').filter({ hasText: 'Prices deleted' });
    await result.waitFor();
    await result.getByText(/^\d+ prices deleted$/).waitFor();
    await result.getByText(/products left without prices deleted$/).waitFor();
    await result.getByText(/left without products deleted$/).waitFor();
  });
});
