/**
 * The storefront's pages, by name: each address pattern written once, for everyone who needs it.
 * The storefront mounts its page components and data loaders on them (mfe-storefront/src/pages.tsx),
 * the shell routes these addresses to the storefront (route-table.ts), and the API renders on the
 * server the ones marked `serverRendered` (shell/src/server-rendering). No React here: the API reads it.
 */
import { isReservedPageSlug } from '../entities/page-slugs';

interface VisitorPageDefinition {
  /** The address pattern (`:name` stands for one path segment). */
  path: string;
  /** Rendered on the server (a visitor page anyone may see, the same for every anonymous visitor). */
  serverRendered: boolean;
  /** Inside the storefront's header and footer (the sign-in screens stand alone). */
  layout: boolean;
}

/** In matching order: every fixed address before the category page's one-segment pattern. */
export const VISITOR_PAGES = {
  login: { path: '/login', serverRendered: false, layout: false },
  forgotPassword: { path: '/forgot-password', serverRendered: false, layout: false },
  resetPassword: { path: '/reset-password', serverRendered: false, layout: false },
  home: { path: '/', serverRendered: true, layout: true },
  account: { path: '/account', serverRendered: false, layout: true },
  search: { path: '/search', serverRendered: true, layout: true },
  product: { path: '/product/:slug/:id', serverRendered: true, layout: true },
  privacy: { path: '/privacy', serverRendered: false, layout: true },
  wishlist: { path: '/wishlist', serverRendered: false, layout: true },
  store: { path: '/store/:slug', serverRendered: false, layout: true },
  deals: { path: '/deals', serverRendered: false, layout: true },
  compare: { path: '/compare', serverRendered: true, layout: true },
  category: { path: '/:slug', serverRendered: true, layout: true },
} as const satisfies Record<string, VisitorPageDefinition>;

export type VisitorPageName = keyof typeof VISITOR_PAGES;

export interface VisitorPageMatch {
  name: VisitorPageName;
  params: Record<string, string>;
}

/** A category's address is any one segment that is no page or path of the site's own, and no file. */
const acceptsParams: Partial<Record<VisitorPageName, (params: Record<string, string>) => boolean>> = {
  category: ({ slug = '' }) => !isReservedPageSlug(slug) && !slug.includes('.'),
};

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split('/');
  const given = pathname.split('/');
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < wanted.length; index += 1) {
    const part = wanted[index]!;
    const value = given[index]!;
    if (part.startsWith(':')) {
      if (!value) return null;
      params[part.slice(1)] = value;
    } else if (part !== value) return null;
  }
  return params;
}

/** The storefront page at `pathname` (exactly: no trailing slash), or null. */
export function matchVisitorPage(pathname: string): VisitorPageMatch | null {
  for (const [name, page] of Object.entries(VISITOR_PAGES) as [VisitorPageName, VisitorPageDefinition][]) {
    const params = matchPattern(page.path, pathname);
    if (params && (acceptsParams[name]?.(params) ?? true)) return { name, params };
  }
  return null;
}

/** Whether the server renders the page at `pathname`. */
export function isServerRenderedPath(pathname: string): boolean {
  const match = matchVisitorPage(pathname);
  return match !== null && VISITOR_PAGES[match.name].serverRendered;
}
