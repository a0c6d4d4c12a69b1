/**
 * Specification filters' options with counts (category and search pages). The facets depend on the filters, not on sort or page: their arguments
 * leave those out, so paging or sorting asks nothing again.
 */
import type { SpecificationFacetsResponse } from '@koopjesland/shared';
import { storefrontApi } from '../../api/store';
import type { FilterValues } from '../filters/filter-params';

export type FacetFilters = Pick<FilterValues, 'search' | 'brand' | 'store' | 'category' | 'minPrice' | 'maxPrice' | 'spec'>;

/** The filters a facet request depends on (no sort, no page; undefined ones left out). */
export function facetFilters(filters: FilterValues): FacetFilters {
  const { search, brand, store, category, minPrice, maxPrice, spec } = filters;
  const picked: FacetFilters = { search, brand, store, category, minPrice, maxPrice, spec };
  return Object.fromEntries(Object.entries(picked).filter(([, value]) => value !== undefined)) as FacetFilters;
}

const facetQuery = (filters: FacetFilters) => ({
  spec: filters.spec,
  brand: filters.brand,
  storeId: filters.store,
  minPrice: filters.minPrice,
  maxPrice: filters.maxPrice,
  search: filters.search,
});

const specificationsApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getCategorySpecFacets: build.query<SpecificationFacetsResponse, { slug: string; filters: FacetFilters }>({
      query: ({ slug, filters }) => ({
        path: `categories/${encodeURIComponent(slug)}/specification-facets`,
        query: facetQuery(filters),
      }),
    }),
    getSearchSpecFacets: build.query<SpecificationFacetsResponse, FacetFilters>({
      query: (filters) => ({ path: 'products/specification-facets', query: { ...facetQuery(filters), category: filters.category } }),
    }),
  }),
});

export const { useGetCategorySpecFacetsQuery, useGetSearchSpecFacetsQuery } = specificationsApi;
export const { getCategorySpecFacets, getSearchSpecFacets } = specificationsApi.endpoints;

