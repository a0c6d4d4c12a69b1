/** Debian's Chromium, headless, driven by playwright-core (no browser download). */
import fs from 'node:fs';
import path from 'node:path';
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

/** A phone as the server recognises one: touch, a phone's user agent, 375×667 unless told. */
const PHONE = {
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

/** A fresh visitor: English or Dutch, on a desktop or a phone, cookie choice already made unless asked otherwise. */
export async function newVisitor(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number }; cookieChoice?: 'all' | 'essential' | null; phone?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? (options.phone ? { width: 375, height: 667 } : { width: 1366, height: 900 }),
    ...(options.phone ? PHONE : {}),
  });
  const choice = options.cookieChoice === undefined ? 'essential' : options.cookieChoice;
  if (choice) {
    // The server reads the cookie (no consent dialog in its render), the page its stored copy.
    await context.addCookies([{ name: 'cookie_consent', value: choice, url: BASE_URL }]);
    await context.addInitScript((value) => window.localStorage.setItem('cookie_consent', value), choice);
  }
  const page = await context.newPage();
  return { context, page };
}

/** The browser tests' output folder (kept out of git): screenshots for review live here. */
export const E2E_OUTPUT_DIR = process.env.E2E_OUTPUT_DIR ?? path.resolve(__dirname, '../artifacts');

/** Saves a full-page screenshot as `<folder>/<name>.png` in the output folder; answers its path. */
export async function saveScreenshot(page: Page, folder: string, name: string): Promise<string> {
  const file = path.join(E2E_OUTPUT_DIR, folder, `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
