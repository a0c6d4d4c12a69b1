import { apiGet, type Pagination, type Product, type SearchFiltersResponse } from '@koopjesland/shared';
import type { FilterValues } from '../filters/filter-params';

export const SEARCH_PAGE_SIZE = 21;
export const DEFAULT_SEARCH_SORT = { sortBy: 'relevance', sortOrder: 'desc' } as const;

export function searchProducts(page: number, filters: FilterValues, signal?: AbortSignal) {
  return apiGet<{ products: Product[]; pagination: Pagination }>('products', {
    signal,
    query: {
      page,
      limit: SEARCH_PAGE_SIZE,
      sortBy: filters.sortBy ?? DEFAULT_SEARCH_SORT.sortBy,
      sortOrder: filters.sortOrder ?? DEFAULT_SEARCH_SORT.sortOrder,
      search: filters.search,
      brand: filters.brand,
      storeId: filters.store,
      category: filters.category,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
    },
  });
}

export const fetchSearchFilters = (search: string | undefined) =>
  apiGet<SearchFiltersResponse>('products/search-filters', { query: { search } });
