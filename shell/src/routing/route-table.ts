/**
 * The route table of docs/product.md §2: which area of the site owns a path. The storefront is mounted
 * at `/*` and owns the visitor pages' addresses; admin pages live below `/admin` in three remotes, keyed
 * by the first segment after /admin. Anything else redirects to `/`.
 */
import { matchVisitorPage } from '@koopjesland/shared';
import { adminMenu, adminSections, REMOTES, type RemoteName } from '@koopjesland/shared/front-ends';

/** First segment below /admin → the remote that renders it (mounted at /admin), from the front-end manifest. */
export const ADMIN_SECTIONS: ReadonlyMap<string, RemoteName> = new Map(
  adminSections().map((section) => [section.segment, section.remote]),
);

/** Where `/admin` leads: the first link of the sidebar (users). */
export const ADMIN_HOME = adminMenu()[0]!.path;

/** The remote mounted at `/*` for visitors. */
export const STOREFRONT_REMOTE: RemoteName = REMOTES.find((remote) => remote.mount === 'storefront')!.name;

export type RouteTarget =
  | { kind: 'storefront' }
  | { kind: 'admin'; remote: RemoteName }
  | { kind: 'redirect'; to: string };

/** A visitor page's address (the storefront's pages, VISITOR_PAGES in @koopjesland/shared). */
export function isStorefrontPath(pathname: string): boolean {
  return matchVisitorPage(pathname) !== null;
}

/** The admin remote for a path below /admin (`rest` = the part after `/admin/`), if any. */
export function adminRemoteFor(rest: string): RemoteName | undefined {
  const section = rest.split('/')[0] ?? '';
  return ADMIN_SECTIONS.get(section);
}

/** `/a/b/` → `/a/b`; `/` stays. */
export const normalizePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function resolveRoute(pathname: string): RouteTarget {
  const normalized = normalizePath(pathname);
  if (normalized === '/admin') return { kind: 'redirect', to: ADMIN_HOME };
  if (normalized.startsWith('/admin/')) {
    const remote = adminRemoteFor(normalized.slice('/admin/'.length));
    return remote ? { kind: 'admin', remote } : { kind: 'redirect', to: '/' };
  }
  return isStorefrontPath(normalized) ? { kind: 'storefront' } : { kind: 'redirect', to: '/' };
}
