/**
 * The storefront's pages as objects: the page's name (its address pattern is declared once, in
 * @koopjesland/shared's VISITOR_PAGES), the element the client router mounts there (routes.tsx),
 * and, for the pages the server renders, the loader of their data, which the server runs before
 * its one render. Each page is its own chunk (route-level splitting).
 *
 * A loader asks with the arguments its page's hooks use (the same builders), so the hooks find the
 * answers in the cache: the server's render starts no query of its own, and a query no loader asks
 * is left to the browser (page-data.test.tsx fails when a page asks something its loader did not).
 */
import { lazy, type ReactElement } from 'react';
import { matchVisitorPage, VISITOR_PAGES, type PageRequest, type Product, type VisitorPageName } from '@koopjesland/shared';
import type { StorefrontState, StorefrontStore } from './api/store';
import { productPath } from './lib/paths';
import { lazyWithAntd } from './lib/lazy-with-antd';
import { getCategoryPage } from './features/category/api';
import { readFilters, readPage } from './features/filters/filter-params';
import { getHomepageCategories, getPopularProducts, getPriceDrops } from './features/home/api';
import { DEFAULT_PRICE_HISTORY_RANGE, getPriceHistory } from './features/price-history/api';
import { getProduct, getRecommendations, recommendationArgs } from './features/product/api';
import { getSearchFilters, searchPageArgs, searchProducts } from './features/search/api';
import { facetFilters, getCategorySpecFacets, getSearchSpecFacets } from './features/specifications/api';
import { compareIdsOf, getComparison } from './features/compare/api';

export type PageLoader = (
  store: StorefrontStore,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
  request: PageRequest,
) => Promise<unknown>;

async function loadHomePage(store: StorefrontStore, _params: unknown, _search: unknown, { siteConfiguration }: PageRequest) {
  const siteId = siteConfiguration?.id;
  await Promise.all([
    store.dispatch(getPopularProducts.initiate()),
    store.dispatch(getPriceDrops.initiate()),
    siteId === undefined ? null : store.dispatch(getHomepageCategories.initiate(siteId)),
  ]);
}

async function loadProductPage(store: StorefrontStore, { id = '' }: Record<string, string | undefined>) {
  // The server renders for an anonymous visitor.
  const { data: product } = await store.dispatch(getProduct.initiate({ id, viewer: null }));
  if (!product) return;
  await Promise.all([recommendationsOf(store, product), priceHistoryOf(store, product)]);
}

function recommendationsOf(store: StorefrontStore, product: Product) {
  const args = recommendationArgs(product);
  return args && store.dispatch(getRecommendations.initiate(args));
}

/** The "lowest in N days" line beside the lowest price (none without a price). */
function priceHistoryOf(store: StorefrontStore, product: Product) {
  if (!product.lowestPrice) return null;
  return store.dispatch(getPriceHistory.initiate({ productId: product.id, range: DEFAULT_PRICE_HISTORY_RANGE }));
}

async function loadCategoryPage(
  store: StorefrontStore,
  { slug = '' }: Record<string, string | undefined>,
  search: URLSearchParams,
) {
  const filters = readFilters(search);
  await Promise.all([
    store.dispatch(getCategoryPage.initiate({ slug, page: readPage(search), filters })),
    store.dispatch(getCategorySpecFacets.initiate({ slug, filters: facetFilters(filters) })),
  ]);
}

async function loadSearchPage(store: StorefrontStore, _params: unknown, search: URLSearchParams) {
  const filters = readFilters(search, 'q');
  await Promise.all([
    store.dispatch(searchProducts.initiate(searchPageArgs(filters, readPage(search)))),
    store.dispatch(getSearchFilters.initiate(filters.search)),
    store.dispatch(getSearchSpecFacets.initiate(facetFilters(filters))),
  ]);
}

async function loadComparePage(store: StorefrontStore, _params: unknown, search: URLSearchParams) {
  const ids = compareIdsOf(search);
  if (ids) await store.dispatch(getComparison.initiate(ids));
}

const HomePage = lazy(() => import('./features/home/HomePage'));
const LoginPage = lazyWithAntd(() => import('./features/login/LoginPage'));
const ForgotPasswordPage = lazyWithAntd(() => import('./features/login/ForgotPasswordPage'));
const ResetPasswordPage = lazyWithAntd(() => import('./features/login/ResetPasswordPage'));
const AccountPage = lazyWithAntd(() => import('./features/login/AccountPage'));
const SearchPage = lazy(() => import('./features/search/SearchPage'));
const ProductPage = lazy(() => import('./features/product/ProductPage'));
const CategoryPage = lazy(() => import('./features/category/CategoryPage'));
const PrivacyPage = lazyWithAntd(() => import('./features/privacy/PrivacyPage'));
const WishlistPage = lazyWithAntd(() => import('./features/wishlist/WishlistPage'));
const StorePage = lazyWithAntd(() => import('./features/store-page/StorePage'));
const DealsPage = lazyWithAntd(() => import('./features/deals/DealsPage'));
const ComparePage = lazy(() => import('./features/compare/ComparePage'));

export interface StorefrontPage {
  name: VisitorPageName;
  element: ReactElement;
  /** The page's data, loaded before the server renders it (server-rendered pages only). */
  load?: PageLoader;
}

export const STOREFRONT_PAGES: StorefrontPage[] = [
  { name: 'login', element: <LoginPage /> },
  { name: 'forgotPassword', element: <ForgotPasswordPage /> },
  { name: 'resetPassword', element: <ResetPasswordPage /> },
  { name: 'home', element: <HomePage />, load: loadHomePage },
  { name: 'account', element: <AccountPage /> },
  { name: 'search', element: <SearchPage />, load: loadSearchPage },
  { name: 'product', element: <ProductPage />, load: loadProductPage },
  { name: 'privacy', element: <PrivacyPage /> },
  { name: 'wishlist', element: <WishlistPage /> },
  { name: 'store', element: <StorePage /> },
  { name: 'deals', element: <DealsPage /> },
  { name: 'compare', element: <ComparePage />, load: loadComparePage },
  { name: 'category', element: <CategoryPage />, load: loadCategoryPage },
];

/** The page's pattern as the router under the storefront's mount point (`/*`) writes it. */
export const routePath = (name: VisitorPageName) => VISITOR_PAGES[name].path.slice(1);

/** Loads the data of the page at `url` (path and query) into `store`; failures stay in the store for the page to show. */
export async function loadPageData(store: StorefrontStore, url: string, request: PageRequest): Promise<void> {
  const { pathname, searchParams } = new URL(url, 'http://page.invalid');
  const match = matchVisitorPage(pathname);
  const page = match && STOREFRONT_PAGES.find((candidate) => candidate.name === match.name);
  await page?.load?.(store, match!.params, searchParams, request);
}

export interface PageOutcome {
  status: 200 | 301 | 404;
  location?: string;
}

type QueryEntry = { endpointName?: string; status?: string; data?: unknown; error?: unknown };

const PAGE_ENDPOINTS = new Set(['getProduct', 'getCategoryPage']);

function errorStatusOf(error: unknown): number | undefined {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;
}

/**
 * The HTTP answer a server-rendered page deserves, read from its data in the storefront's store
 * after the render: a product or category that does not exist is a 404 (the page shows its
 * not-found view); a product address whose slug is not the product's (renamed, or merged into
 * another) is a 301 to the product's own address.
 */
export function pageOutcome(state: unknown, pathname: string): PageOutcome {
  const queries = (state as Partial<StorefrontState> | undefined)?.storefrontApi?.queries ?? {};
  for (const entry of Object.values(queries) as (QueryEntry | undefined)[]) {
    if (!entry?.endpointName || !PAGE_ENDPOINTS.has(entry.endpointName)) continue;
    if (entry.status === 'rejected') {
      const status = errorStatusOf(entry.error);
      // The product page treats a malformed id (400) as not found, like an unknown one.
      if (status === 404 || (status === 400 && entry.endpointName === 'getProduct')) return { status: 404 };
    }
    if (entry.endpointName === 'getProduct' && entry.status === 'fulfilled' && entry.data) {
      const canonical = productPath(entry.data as Product);
      if (canonical !== pathname) return { status: 301, location: canonical };
    }
  }
  return { status: 200 };
}
