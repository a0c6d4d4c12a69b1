/** Category alias calls of the catalog admin (docs/product.md "Catalog admin API"). */
import type { CategoryAlias, CategoryRef, Pagination, Product } from '@koopjesland/shared';
import { catalogAdminApi } from '../../api';

export interface BulkAliasRow {
  id: number;
  path: string;
  categoryId: number | null;
  category: CategoryRef | null;
  productCount: number;
  offerCount: number;
}

export interface BulkUpdateResult {
  summary: { successful: number; failed: number };
  results: { aliasId: number; success: boolean; error?: string }[];
}

const aliasesApi = catalogAdminApi.injectEndpoints({
  endpoints: (build) => ({
    categoryAliases: build.query<
      { categoryAliases: CategoryAlias[]; pagination: Pagination },
      { page: number; limit: number; search?: string }
    >({
      query: ({ page, limit, search }) => ({ path: 'category-aliases', query: { page, limit, search } }),
      providesTags: [{ type: 'CategoryAlias', id: 'LIST' }],
    }),
    categoryAlias: build.query<CategoryAlias, number>({
      query: (id) => ({ path: `category-aliases/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'CategoryAlias', id }],
    }),
    categoryAliasProducts: build.query<
      { products: Product[]; pagination: Pagination },
      { id: number; page: number; limit: number }
    >({
      query: ({ id, page, limit }) => ({ path: `category-aliases/${id}/products`, query: { page, limit } }),
      providesTags: (_result, _error, { id }) => [{ type: 'CategoryAlias', id }],
    }),
    connectAlias: build.mutation<CategoryAlias, { id: number; categoryId: number }>({
      query: ({ id, categoryId }) => ({ path: `category-aliases/${id}/connect`, method: 'PUT', body: { categoryId } }),
      invalidatesTags: (_result, error) => (error ? [] : ['CategoryAlias', 'Category', 'Product']),
    }),
    disconnectAlias: build.mutation<CategoryAlias, { id: number; categoryId: number }>({
      query: ({ id, categoryId }) => ({
        path: `category-aliases/${id}/disconnect`,
        method: 'DELETE',
        body: { categoryId },
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['CategoryAlias', 'Category', 'Product']),
    }),
    bulkAliases: build.query<BulkAliasRow[], void>({
      query: () => ({ path: 'category-aliases/bulk/all' }),
      transformResponse: (response: { categoryAliases: BulkAliasRow[] }) => response.categoryAliases,
      providesTags: [{ type: 'CategoryAlias', id: 'LIST' }],
    }),
    bulkUpdateAliases: build.mutation<BulkUpdateResult, { aliasId: number; categoryId: number }[]>({
      query: (assignments) => ({ path: 'category-aliases/bulk/update', method: 'POST', body: { assignments } }),
      invalidatesTags: (_result, error) => (error ? [] : ['CategoryAlias', 'Category', 'Product']),
    }),
  }),
});

export const {
  useCategoryAliasesQuery,
  useCategoryAliasQuery,
  useCategoryAliasProductsQuery,
  useConnectAliasMutation,
  useDisconnectAliasMutation,
  useBulkAliasesQuery,
  useBulkUpdateAliasesMutation,
} = aliasesApi;
