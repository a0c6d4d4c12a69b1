/** Debian's Chromium, headless, driven by playwright-core (no browser download). */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { BASE_URL } from './server';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

/** A fresh visitor: English or Dutch, cookie choice already made unless asked otherwise. */
export async function newVisitor(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number }; cookieChoice?: 'all' | 'essential' | null } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1366, height: 900 },
  });
  const choice = options.cookieChoice === undefined ? 'essential' : options.cookieChoice;
  if (choice) {
    await context.addInitScript((value) => window.localStorage.setItem('cookie_consent', value), choice);
  }
  const page = await context.newPage();
  return { context, page };
}
