/**
 * Each admin role walks its main screens in the browser (docs/product.md §6), starting where /admin
 * lands it (an admin on the users, the other roles on their overview): what it must see, what it must not (no Add store for a store manager, 'Not your store' on another store, the
 * spec's access-denied text on another role's pages), no horizontal overflow at 1440×900 and
 * 1280×800, and a screenshot of every screen in the output folder (e2e/artifacts/admin-roles/)
 * so a change of layout shows in review.
 */
import type { Browser, Page } from 'playwright-core';
import { api, login } from '../support/api';
import { launchBrowser, newVisitor, saveScreenshot } from '../support/browser';
import { DEMO_ADMIN } from '../support/server';

type StoreList = { stores: { id: number; name: string }[] };
type Role = 'admin' | 'merchandiser' | 'store_manager';

const PASSWORD = 'Najaarsuitverkoop-2026!';
const run = Date.now().toString(36);
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
] as const;
const ACCESS_DENIED = 'Access denied. Admin privileges required.';

let browser: Browser;
let adminToken: string;
const sessions = new Map<Role, { token: string; user: unknown }>();
let ownStore: { id: number; name: string };
let otherStore: { id: number; name: string };
/** A store with a feed, and the feed, for the feed-runs page. */
let feedOf: { storeId: number; feedId: number };

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  adminToken = admin.token;
  sessions.set('admin', admin);
  const { stores } = await api<StoreList>('stores?limit=1000&sortBy=name&sortOrder=asc');
  [ownStore, otherStore] = [stores[0]!, stores[1]!];
  for (const store of stores) {
    const feeds = await api<{ id: number }[]>(`store-feeds/store/${store.id}`, { headers: { authorization: `Bearer ${adminToken}` } });
    if (feeds[0]) {
      feedOf = { storeId: store.id, feedId: feeds[0].id };
      break;
    }
  }
  for (const role of ['merchandiser', 'store_manager'] as const) {
    const email = `${role.replace('_', '-')}-${run}@example.nl`;
    await api('admin/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ email, role, password: PASSWORD, ...(role === 'store_manager' ? { storeIds: [ownStore.id] } : {}) }),
    });
    sessions.set(role, await login(email, PASSWORD));
  }
});

afterAll(async () => {
  await browser?.close();
});

/** A browser signed in as the role, at the viewport; JS errors on the page are collected. */
async function signedIn(role: Role, viewport: { width: number; height: number }) {
  const session = sessions.get(role)!;
  const { context, page } = await newVisitor(browser, { viewport });
  await context.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('authToken', token as string);
      window.localStorage.setItem('authUser', user as string);
    },
    [session.token, JSON.stringify(session.user)],
  );
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Nothing wider than the window: neither the page nor a table that is not meant to scroll. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) found.push(`page ${root.scrollWidth} > ${window.innerWidth}`);
    document.querySelectorAll<HTMLElement>('.ant-table-content').forEach((table) => {
      if (table.scrollWidth <= table.clientWidth + 1) return;
      // A table may scroll on purpose, inside its own frame, only with its first column held at
      // the left edge so a row stays readable while it scrolls; any other overflow cuts columns off.
      if (!table.closest('.ant-table-scroll-horizontal')) {
        found.push(`table ${table.scrollWidth} > ${table.clientWidth}`);
        return;
      }
      const first = Array.from(table.querySelectorAll<HTMLElement>('thead th')).find(
        (cell) => !cell.matches('.ant-table-row-expand-icon-cell, .ant-table-selection-column'),
      );
      if (!first?.classList.contains('ant-table-cell-fix-start')) {
        found.push(`table scrolls (${table.scrollWidth} > ${table.clientWidth}) without a fixed first column "${first?.textContent ?? ''}"`);
      }
    });
    return found;
  });
}

interface Screen {
  name: string;
  /** Where the walk goes; ignored when `via` is given. */
  path: string;
  /** A sidebar link to click instead of going to `path` (what is one click away). */
  via?: string;
  /** The address the role must end up on (a redirect from `path`). */
  landsOn?: string;
  /** Text the role must see there. */
  sees: string[];
  /** Text it must not see. */
  notSees?: string[];
  /** Buttons it must not be offered. */
  noButtons?: string[];
}

const SCREENS: Record<Role, Screen[]> = {
  admin: [
    { name: 'users', path: '/admin', landsOn: '/admin/users', sees: ['Users'], notSees: [ACCESS_DENIED] },
    {
      name: 'overview',
      path: '/admin/overview',
      via: 'Overview',
      landsOn: '/admin/overview',
      sees: ['Overview', 'Stores', 'Held prices', 'Open price reports', 'Unmapped category aliases', 'Products without a category'],
    },
    { name: 'stores', path: '/admin/stores', sees: ['Stores', 'Add store'] },
    { name: 'store', path: '/admin/stores/OWN', sees: ['Edit Store', 'Back to Stores'] },
    { name: 'feed-runs', path: '/admin/stores/FEED_STORE/feeds/FEED', sees: ['Records and duration per run', 'Started', 'Rejected'] },
    { name: 'categories', path: '/admin/categories', sees: ['Categories'] },
    { name: 'products', path: '/admin/products', sees: ['Products', 'Assign to categories'] },
    { name: 'store-ratings', path: '/admin/store-ratings', sees: ['Store ratings'], notSees: ['Deleted user'] },
    { name: 'wishlists-new', path: '/admin/wishlists/new', sees: ['New wishlist item'], notSees: ['Failed to load data. Please try again.'] },
    { name: 'site-configuration', path: '/admin/site-configuration', sees: ['Manage All Configurations'], notSees: [ACCESS_DENIED] },
  ],
  merchandiser: [
    {
      name: 'overview',
      path: '/admin',
      landsOn: '/admin/overview',
      sees: ['Overview', 'Unmapped category aliases', 'Held prices', 'Products without a category'],
      notSees: ['Open price reports', ACCESS_DENIED],
    },
    { name: 'categories', path: '/admin/categories', sees: ['Categories'], notSees: [ACCESS_DENIED] },
    { name: 'products', path: '/admin/products', sees: ['Products'] },
    { name: 'held-prices', path: '/admin/held-prices', sees: ['Held prices'] },
    { name: 'stores-denied', path: '/admin/stores', sees: [ACCESS_DENIED, 'You are signed in as a merchandiser'], noButtons: ['Add store'] },
    { name: 'site-configuration-denied', path: '/admin/site-configuration', sees: [ACCESS_DENIED], notSees: ['Manage All Configurations'] },
  ],
  store_manager: [
    {
      name: 'overview',
      path: '/admin',
      landsOn: '/admin/overview',
      sees: ['Overview', 'Stores', 'OWN_NAME', 'Held prices', 'Open price reports'],
      notSees: ['OTHER_NAME', 'Unmapped category aliases', 'Products without a category', ACCESS_DENIED],
    },
    { name: 'stores', path: '/admin/stores', sees: ['Stores', 'OWN_NAME'], notSees: ['OTHER_NAME'], noButtons: ['Add store'] },
    { name: 'own-store', path: '/admin/stores/OWN', sees: ['Edit Store'], notSees: ['Not your store'] },
    { name: 'other-store', path: '/admin/stores/OTHER', sees: ['Not your store', 'Back to Stores'], noButtons: ['Edit Store'] },
    { name: 'add-store', path: '/admin/stores/new', sees: ['Adding stores is for admins'], noButtons: ['Create store'] },
    { name: 'price-reports', path: '/admin/price-reports', sees: ['Price reports'] },
    { name: 'site-configuration-denied', path: '/admin/site-configuration', sees: [ACCESS_DENIED, 'You are signed in as a store manager'] },
    { name: 'categories-denied', path: '/admin/categories', sees: [ACCESS_DENIED] },
  ],
};

const fill = (text: string) =>
  text
    .replace('FEED_STORE', String(feedOf.storeId))
    .replace('FEED', String(feedOf.feedId))
    .replace('OWN_NAME', ownStore.name).replace('OTHER_NAME', otherStore.name).replace('OWN', String(ownStore.id)).replace('OTHER', String(otherStore.id));

describe.each(['admin', 'merchandiser', 'store_manager'] as const)('the %s', (role) => {
  it.each(VIEWPORTS.map((viewport) => [`${viewport.width}x${viewport.height}`, viewport] as const))(
    'walks its main screens at %s: sees what it must, not what it must not, nothing overflows',
    async (size, viewport) => {
      const { context, page, errors } = await signedIn(role, viewport);
      const problems: string[] = [];
      for (const screen of SCREENS[role]) {
        if (screen.via) await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: screen.via, exact: true }).click();
        else await page.goto(fill(screen.path));
        if (screen.landsOn) await page.waitForURL(`**${screen.landsOn}`, { timeout: 20_000 });
        const main = page.locator('main, .ant-layout-content').first();
        for (const text of screen.sees.map(fill)) {
          await main.getByText(text, { exact: false }).first().waitFor({ timeout: 20_000 });
        }
        // Lists settle: no loading overlay or skeleton left.
        await page.locator('.ant-spin-spinning, .ant-skeleton-active').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
        for (const text of (screen.notSees ?? []).map(fill)) {
          if (await main.getByText(text, { exact: false }).count()) problems.push(`${screen.name}: shows "${text}"`);
        }
        for (const name of screen.noButtons ?? []) {
          if (await main.getByRole('button', { name }).count()) problems.push(`${screen.name}: offers "${name}"`);
        }
        for (const found of await overflow(page)) problems.push(`${screen.name}: overflow, ${found}`);
        await saveScreenshot(page, `admin-roles/${role}`, `${screen.name}-${size}`);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
