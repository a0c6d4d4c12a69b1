/** Search (docs/product.md §7): the result page and the filter options of a search text. */
import type { Pagination, Product, SearchFiltersResponse } from '@koopjesland/shared';
import { storefrontApi } from '../../api/store';
import type { FilterValues } from '../filters/filter-params';

export const SEARCH_PAGE_SIZE = 21;
export const DEFAULT_SEARCH_SORT = { sortBy: 'relevance', sortOrder: 'desc' } as const;

const searchApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    searchProducts: build.query<{ products: Product[]; pagination: Pagination }, { page: number; filters: FilterValues }>({
      query: ({ page, filters }) => ({
        path: 'products',
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
          spec: filters.spec,
        },
      }),
    }),
    getSearchFilters: build.query<SearchFiltersResponse, string | undefined>({
      query: (search) => ({ path: 'products/search-filters', query: { search } }),
    }),
  }),
});

/** The result page's request: the address's filters with the default sort spelled out. */
export function searchPageArgs(filters: FilterValues, page: number): { page: number; filters: FilterValues } {
  return {
    page,
    filters: {
      ...filters,
      sortBy: filters.sortBy ?? DEFAULT_SEARCH_SORT.sortBy,
      sortOrder: filters.sortOrder ?? DEFAULT_SEARCH_SORT.sortOrder,
    },
  };
}

export const { useSearchProductsQuery, useGetSearchFiltersQuery } = searchApi;
export const { searchProducts, getSearchFilters } = searchApi.endpoints;
