/**
 * Calls of the catalog modals (docs/product.md §7): category settings, the category tree and a
 * product's categories, the admin product search, assigning products, the representative product.
 * Each remote injects these endpoints into its own RTK Query slice (`injectCatalogModalEndpoints`),
 * so a save invalidates that remote's tags and its open page shows the result without a reload.
 */
import type { EndpointBuilder } from '@reduxjs/toolkit/query';
import type { Category, CategorySettings, Pagination, Product } from '@koopjesland/shared';
import type { apiBaseQuery } from '@koopjesland/shared/rtk-query';

export const ASSIGN_PAGE_SIZE = 30;
export const ASSIGN_DEBOUNCE_MS = 250;

/** The tags a slice needs to host the catalog modals. */
export type CatalogModalTag = 'Category' | 'Product';

/** The product-id filter: a comma-separated list, trimmed, blanks dropped (docs/product.md §5). */
export const parseProductIds = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export interface AssignSearchArgs {
  search: string;
  productIds: string;
  page: number;
}

/** A category's own data and the lists that show categories (navigation, homepage, admin tree). */
const categoryChanged = (categoryId: number) => [
  { type: 'Category' as const, id: categoryId },
  { type: 'Category' as const, id: 'LIST' },
];

/** `slice.injectEndpoints({ endpoints: catalogModalEndpoints })`; the slice's tags must include `CatalogModalTag`. */
export function catalogModalEndpoints<TagTypes extends string, ReducerPath extends string>(
  build: EndpointBuilder<typeof apiBaseQuery, TagTypes | CatalogModalTag, ReducerPath>,
) {
  return {
    getCategorySettings: build.query<{ category: { settings: CategorySettings | null; saved?: boolean } }, number>({
      query: (categoryId) => `categories/${categoryId}/settings`,
      providesTags: (_result, _error, categoryId) => [{ type: 'Category', id: categoryId }],
    }),
    saveCategorySettings: build.mutation<unknown, { categoryId: number; settings: Partial<CategorySettings> }>({
      query: ({ categoryId, settings }) => ({
        path: `categories/${categoryId}/settings`,
        method: 'PUT',
        body: settings,
      }),
      invalidatesTags: (_result, error, { categoryId }) => (error ? [] : categoryChanged(categoryId)),
    }),
    getCategoryTree: build.query<{ categories: Category[] }, void>({
      query: () => ({ path: 'categories', query: { includeHierarchy: true, excludeOverig: true, limit: 1000 } }),
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    saveProductCategories: build.mutation<unknown, { productId: number; categoryIds: number[] }>({
      query: ({ productId, categoryIds }) => ({ path: `products/${productId}`, method: 'PUT', body: { categoryIds } }),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: 'Product', id: productId }]),
    }),
    searchProductsToAssign: build.query<{ products: Product[]; pagination: Pagination }, AssignSearchArgs>({
      query: ({ search, productIds, page }) => ({
        path: 'products',
        query: {
          search: search.trim() || undefined,
          // An empty list would be sent as `productIds=` (no product matches): leave it out.
          productIds: parseProductIds(productIds).join(',') || undefined,
          page,
          limit: ASSIGN_PAGE_SIZE,
          excludeUncategorized: false,
        },
      }),
    }),
    assignProductsToCategory: build.mutation<{ addedCount: number }, { categoryId: number; productIds: number[] }>({
      query: ({ categoryId, productIds }) => ({
        path: `categories/${categoryId}/products`,
        method: 'POST',
        body: { productIds },
      }),
      invalidatesTags: (_result, error, { categoryId }) => (error ? [] : categoryChanged(categoryId)),
    }),
    saveRepresentativeProduct: build.mutation<unknown, { categoryId: number; representativeProductId: number }>({
      query: ({ categoryId, representativeProductId }) => ({
        path: `categories/${categoryId}/settings`,
        method: 'PUT',
        body: { representativeProductId },
      }),
      invalidatesTags: (_result, error, { categoryId }) => (error ? [] : categoryChanged(categoryId)),
    }),
  };
}
