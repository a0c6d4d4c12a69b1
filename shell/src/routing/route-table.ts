/**
 * The route table of spec §2: which area of the site owns a path. The storefront is mounted
 * at `/*` and owns the visitor paths; admin pages live below `/admin` in three remotes, keyed
 * by the first segment after /admin. Anything else redirects to `/`.
 */
import { matchPath } from 'react-router-dom';
import type { RemoteName } from '../federation/remotes-config';

/** Visitor paths the storefront renders; `/:slug` is one segment only. */
export const STOREFRONT_PATHS = ['/', '/login', '/search', '/product/:slug/:id', '/:slug'] as const;

/** First segment below /admin → the remote that renders it (mounted at /admin). */
export const ADMIN_SECTIONS: Readonly<Record<string, RemoteName>> = {
  users: 'configAdmin',
  'site-configuration': 'configAdmin',
  'site-configurations': 'configAdmin',
  wishlists: 'configAdmin',
  'store-ratings': 'configAdmin',
  stores: 'storeAdmin',
  prices: 'storeAdmin',
  categories: 'catalogAdmin',
  'category-aliases': 'catalogAdmin',
  'bulk-category-alias': 'catalogAdmin',
  products: 'catalogAdmin',
};

export const ADMIN_HOME = '/admin/users';

export type RouteTarget =
  | { kind: 'storefront' }
  | { kind: 'admin'; remote: RemoteName }
  | { kind: 'redirect'; to: string };

export function isStorefrontPath(pathname: string): boolean {
  return STOREFRONT_PATHS.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** The admin remote for a path below /admin (`rest` = the part after `/admin/`), if any. */
export function adminRemoteFor(rest: string): RemoteName | undefined {
  const section = rest.split('/')[0] ?? '';
  return Object.hasOwn(ADMIN_SECTIONS, section) ? ADMIN_SECTIONS[section] : undefined;
}

export function resolveRoute(pathname: string): RouteTarget {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (normalized === '/admin') return { kind: 'redirect', to: ADMIN_HOME };
  if (normalized.startsWith('/admin/')) {
    const remote = adminRemoteFor(normalized.slice('/admin/'.length));
    return remote ? { kind: 'admin', remote } : { kind: 'redirect', to: '/' };
  }
  return isStorefrontPath(normalized) ? { kind: 'storefront' } : { kind: 'redirect', to: '/' };
}
