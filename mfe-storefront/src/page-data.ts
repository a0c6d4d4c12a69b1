/**
 * Server only: a visitor page's data, loaded into the request's store before the first render pass
 * (docs/architecture.md "Server rendering", "Page loaders"). The render then finds its queries
 * answered and is done in one pass; without this, a product page took three (a spinner, the
 * product, then its recommendations and price history), each rendering the whole page.
 *
 * Each loader asks with the arguments its page's hooks use (the same builders), so the hooks find
 * the answers in the cache. A query no loader asks still works: the render starts it and renders
 * once more. Each loader belongs to its page in pages.tsx; only the pages the server renders have one.
 */
import type { PageRequest, Product } from '@koopjesland/shared';
import type { StorefrontStore } from './api/store';
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

export async function loadHomePage(store: StorefrontStore, _params: unknown, _search: unknown, { siteConfiguration }: PageRequest) {
  const siteId = siteConfiguration?.id;
  await Promise.all([
    store.dispatch(getPopularProducts.initiate()),
    store.dispatch(getPriceDrops.initiate()),
    siteId === undefined ? null : store.dispatch(getHomepageCategories.initiate(siteId)),
  ]);
}

export async function loadProductPage(store: StorefrontStore, { id = '' }: Record<string, string | undefined>) {
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

export async function loadCategoryPage(
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

export async function loadSearchPage(store: StorefrontStore, _params: unknown, search: URLSearchParams) {
  const filters = readFilters(search, 'q');
  await Promise.all([
    store.dispatch(searchProducts.initiate(searchPageArgs(filters, readPage(search)))),
    store.dispatch(getSearchFilters.initiate(filters.search)),
    store.dispatch(getSearchSpecFacets.initiate(facetFilters(filters))),
  ]);
}

export async function loadComparePage(store: StorefrontStore, _params: unknown, search: URLSearchParams) {
  const ids = compareIdsOf(search);
  if (ids) await store.dispatch(getComparison.initiate(ids));
}
