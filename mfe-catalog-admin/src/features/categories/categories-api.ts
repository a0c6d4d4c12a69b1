/** Category calls of the catalog admin (docs/product.md "Catalog admin API"). */
import type { Category, Pagination } from '@koopjesland/shared';
import { catalogAdminApi } from '../../api';

export const CATEGORY_PRODUCTS_PAGE_SIZE = 20;

/** A product row of a category's admin list (docs/product.md §3 "Category product"). */
export interface CategoryProduct {
  id: number;
  name: string;
  slug: string;
  brand: string | null;
  image?: string | null;
  sortOrder: number;
  _count: { prices: number };
  storeCount: number;
  lowestPrice: { amount: number; total: number } | null;
}

export interface CategoryProductsPage {
  products: CategoryProduct[];
  pagination: Pagination;
}

export interface CategoryInput {
  name?: string;
  parentId?: number | null;
}

export interface ImportResult {
  results: { created: number; updated: number; errors: { slug: string; error: string }[] };
  summary: { totalCategories?: number; totalAliases: number };
}

const categoryChanged = (id: number) => [
  { type: 'Category' as const, id },
  { type: 'Category' as const, id: 'LIST' },
];

const categoriesApi = catalogAdminApi.injectEndpoints({
  endpoints: (build) => ({
    categoryTree: build.query<Category[], void>({
      query: () => ({ path: 'categories', query: { includeHierarchy: true } }),
      transformResponse: (response: { categories: Category[] }) => response.categories,
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    category: build.query<Category, number>({
      query: (id) => ({ path: `categories/id/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Category', id }],
    }),
    createCategory: build.mutation<Category, CategoryInput>({
      query: (body) => ({ path: 'categories', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Category', id: 'LIST' }]),
    }),
    updateCategory: build.mutation<Category, { id: number } & CategoryInput>({
      query: ({ id, ...body }) => ({ path: `categories/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Category']),
    }),
    deleteCategory: build.mutation<{ deleted: boolean }, number>({
      query: (id) => ({ path: `categories/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Category']),
    }),
    categoryProducts: build.query<CategoryProductsPage, { id: number; page: number }>({
      query: ({ id, page }) => ({
        path: `categories/${id}/products`,
        query: { page, limit: CATEGORY_PRODUCTS_PAGE_SIZE },
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'Category', id }],
    }),
    removeProductsFromCategory: build.mutation<{ removedCount: number }, { id: number; productIds: number[] }>({
      query: ({ id, productIds }) => ({ path: `categories/${id}/products`, method: 'DELETE', body: { productIds } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [...categoryChanged(id), 'Product']),
    }),
    removeAllProductsFromCategory: build.mutation<{ removedCount: number }, number>({
      query: (id) => ({ path: `categories/${id}/products/all`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [...categoryChanged(id), 'Product']),
    }),
    saveProductOrder: build.mutation<
      { updatedCount: number },
      { id: number; productOrders: { productId: number; sortOrder: number }[] }
    >({
      query: ({ id, productOrders }) => ({
        path: `categories/${id}/products/sort-order`,
        method: 'PUT',
        body: { productOrders },
      }),
      // The list already shows the new order; refetching would only flicker.
    }),
    exportCategories: build.mutation<unknown, { includeOverig: boolean }>({
      query: ({ includeOverig }) => ({ path: 'categories/export', query: { includeOverig } }),
    }),
    importCategories: build.mutation<ImportResult, { exportData: unknown; clearExisting: boolean }>({
      query: (body) => ({ path: 'categories/import', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Category', 'CategoryAlias']),
    }),
  }),
});

export const {
  useCategoryTreeQuery,
  useCategoryQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useCategoryProductsQuery,
  useRemoveProductsFromCategoryMutation,
  useRemoveAllProductsFromCategoryMutation,
  useSaveProductOrderMutation,
  useExportCategoriesMutation,
  useImportCategoriesMutation,
} = categoriesApi;
