/** The category page's data (docs/product.md §7): page data in one call, filter options, popular products of subcategories. */
import type { BreadcrumbEntry, Category, CategorySettings, FiltersResponse, Pagination, Product } from '@koopjesland/shared';
import { storefrontApi } from '../../api/store';
import type { FilterValues } from '../filters/filter-params';

export const CATEGORY_PAGE_SIZE = 21;
export const SUBCATEGORY_POPULAR_LIMIT = 12;

export interface CategoryPageData {
  products: Product[];
  pagination: Pagination;
  category: { id: number; name: string; slug: string; settings: CategorySettings | null };
  breadcrumb: BreadcrumbEntry[];
  subcategories: Category[];
  /** The specification filters applied, in their written form (a field the category no longer has is left out). */
  spec: string;
}

export interface CategoryPageArgs {
  slug: string;
  page: number;
  filters: FilterValues;
}

const categoryApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getCategoryPage: build.query<CategoryPageData, CategoryPageArgs>({
      query: ({ slug, page, filters }) => ({
        path: `categories/page/${encodeURIComponent(slug)}`,
        query: {
          page,
          limit: CATEGORY_PAGE_SIZE,
          sortBy: filters.sortBy,
          sortOrder: filters.sortOrder,
          brand: filters.brand,
          storeId: filters.store,
          minPrice: filters.minPrice,
          maxPrice: filters.maxPrice,
          search: filters.search,
          spec: filters.spec,
        },
      }),
      providesTags: (result) => (result ? [{ type: 'Category', id: result.category.id }] : []),
    }),
    getCategoryFilters: build.query<FiltersResponse, string>({
      query: (slug) => `categories/${encodeURIComponent(slug)}/filters`,
    }),
    getPopularSubcategoryProducts: build.query<{ products: Product[] }, number>({
      query: (categoryId) => ({
        path: `categories/${categoryId}/popular-subcategory-products`,
        query: { limit: SUBCATEGORY_POPULAR_LIMIT },
      }),
    }),
  }),
});

export const { useGetCategoryPageQuery, useGetCategoryFiltersQuery, useGetPopularSubcategoryProductsQuery } = categoryApi;
export const { getCategoryPage } = categoryApi.endpoints;

/**
 * Keeps `data` (the answer to `args`) as the answer to the same arguments with `patch` applied,
 * when the answer is the same for both: the category's default sort spelled out (the API sorted
 * by it), or the specification filters it applied. Writing them into the address then asks
 * nothing again.
 */
export const rememberAnswerFor = (args: CategoryPageArgs, patch: Partial<FilterValues>, data: CategoryPageData) =>
  categoryApi.util.upsertQueryData('getCategoryPage', { ...args, filters: { ...args.filters, ...patch } }, data);
