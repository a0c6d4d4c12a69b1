/** Product calls of the catalog admin (docs/product.md "Catalog admin API"). */
import type { CategoryAlias, Pagination, Price, Product, ProductImage, ProductProperty } from '@koopjesland/shared';
import { catalogAdminApi } from '../../api';

export const PRODUCT_SORT_FIELDS = ['name', 'createdAt', 'lowestPrice.total', 'offerCount', 'views'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export const PRODUCTS_DEFAULT_SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;
export const PRODUCT_FILTER_KEYS = ['category', 'brand', 'storeId', 'hasNoCategory', 'hasNoOffers'] as const;
export type ProductFilterKey = (typeof PRODUCT_FILTER_KEYS)[number];

export interface ProductListQuery {
  page: number;
  limit: number;
  sortBy: ProductSortField;
  sortOrder: 'asc' | 'desc';
  search?: string;
  filters: Partial<Record<ProductFilterKey, string>>;
}

/** The list's filters as the API names them (also the body of 'all matching'). */
export function listFilters({ search, filters }: Pick<ProductListQuery, 'search' | 'filters'>) {
  return {
    search,
    category: filters.category,
    includeSubcategories: filters.category ? true : undefined,
    brand: filters.brand,
    storeId: filters.storeId ? Number(filters.storeId) : undefined,
    hasNoCategory: filters.hasNoCategory === 'true' ? true : undefined,
    hasNoOffers: filters.hasNoOffers === 'true' ? true : undefined,
  };
}

export interface ProductInput {
  name?: string;
  slug?: string;
  brand?: string | null;
  image?: string | null;
  description?: string | null;
  categoryIds?: number[];
  identifiers?: { type: string; value: string }[];
}

export type AdminProductImage = ProductImage & { alt?: string | null };

export interface ProductMerge {
  id: number;
  keptProductId: number;
  removedProductId: number;
  removedName: string;
  removedSlug: string;
  mergedAt: string;
  splitAt: string | null;
}

export interface DuplicateCandidate {
  id: number;
  name: string;
  slug: string;
  brand: string | null;
  image: string | null;
  offerCount: number;
  reason: 'ean' | 'name';
  similarity: number;
}

const productsApi = catalogAdminApi.injectEndpoints({
  endpoints: (build) => ({
    products: build.query<{ products: Product[]; pagination: Pagination }, ProductListQuery>({
      query: ({ page, limit, sortBy, sortOrder, ...rest }) => ({
        path: 'products',
        query: { page, limit, sortBy, sortOrder, excludeUncategorized: false, ...listFilters(rest) },
      }),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    brands: build.query<string[], void>({
      query: () => ({ path: 'products/brands' }),
      transformResponse: (response: { brands: string[] } | string[]) =>
        Array.isArray(response) ? response : response.brands,
    }),
    stores: build.query<{ id: number; name: string }[], void>({
      query: () => ({ path: 'stores', query: { limit: 1000 } }),
      transformResponse: (response: { stores: { id: number; name: string }[] }) => response.stores,
    }),
    product: build.query<Product, number>({
      query: (id) => ({ path: `products/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<Product, ProductInput>({
      query: (body) => ({ path: 'products', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Product', id: 'LIST' }]),
    }),
    updateProduct: build.mutation<Product, { id: number } & ProductInput>({
      query: ({ id, ...body }) => ({ path: `products/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Product', id }, { type: 'Product', id: 'LIST' }, 'Category'],
    }),
    deleteProduct: build.mutation<{ deleted: boolean }, number>({
      query: (id) => ({ path: `admin/products/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Product', 'Category']),
    }),
    disconnectProducts: build.mutation<
      { removedCount: number; productCount: number },
      { productIds: number[] } | { filters: ReturnType<typeof listFilters> }
    >({
      query: (body) => ({
        path: 'productIds' in body ? 'products/categories' : 'products/categories/all-matching',
        method: 'DELETE',
        body,
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Product', 'Category']),
    }),
    assignProductsToCategories: build.mutation<
      { addedCount: number; productCount: number },
      ({ productIds: number[] } | { filters: ReturnType<typeof listFilters> }) & { categoryIds: number[] }
    >({
      query: (body) => ({
        path: 'productIds' in body ? 'products/categories' : 'products/categories/all-matching',
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Product', 'Category']),
    }),
    productPrices: build.query<Price[], { id: number; active: boolean }>({
      query: ({ id, active }) => ({ path: `products/${id}/prices`, query: { active } }),
      transformResponse: (response: { prices: Price[] }) => response.prices,
      providesTags: (_result, _error, { id }) => [{ type: 'Product', id }],
    }),
    productImages: build.query<AdminProductImage[], number>({
      query: (id) => ({ path: `products/${id}/images` }),
      transformResponse: (response: { images: AdminProductImage[] }) => response.images,
      providesTags: (_result, _error, id) => [{ type: 'ProductImage', id }],
    }),
    imageAction: build.mutation<
      unknown,
      {
        productId: number;
        imageId: number;
        action: 'set-main' | 'toggle-disabled' | 'delete' | 'update';
        body?: { alt?: string | null; filename?: string | null };
      }
    >({
      query: ({ imageId, action, body }) =>
        action === 'delete'
          ? { path: `product-images/${imageId}`, method: 'DELETE' }
          : action === 'update'
            ? { path: `product-images/${imageId}`, method: 'PUT', body }
            : { path: `product-images/${imageId}/${action}`, method: 'POST' },
      invalidatesTags: (_result, error, { productId }) =>
        error
          ? []
          : [
              { type: 'ProductImage', id: productId },
              { type: 'Product', id: productId },
            ],
    }),
    /** Multipart upload of one image file (the API checks type and size). */
    uploadImage: build.mutation<{ image: AdminProductImage }, { productId: number; file: File }>({
      query: ({ productId, file }) => {
        const form = new FormData();
        form.append('file', file);
        return { path: `products/${productId}/images`, method: 'POST', body: form };
      },
      invalidatesTags: (_result, error, { productId }) =>
        error
          ? []
          : [
              { type: 'ProductImage', id: productId },
              { type: 'Product', id: productId },
            ],
    }),
    addProperty: build.mutation<{ property: ProductProperty }, { productId: number; name: string; value: string }>({
      query: ({ productId, name, value }) => ({
        path: `products/${productId}/properties`,
        method: 'POST',
        body: { name, value },
      }),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: 'Product', id: productId }]),
    }),
    updateProperty: build.mutation<
      { property: ProductProperty },
      { productId: number; id: number; name: string; value: string }
    >({
      query: ({ id, name, value }) => ({ path: `product-properties/${id}`, method: 'PUT', body: { name, value } }),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: 'Product', id: productId }]),
    }),
    deleteProperty: build.mutation<unknown, { productId: number; id: number }>({
      query: ({ id }) => ({ path: `product-properties/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: 'Product', id: productId }]),
    }),
    productAliases: build.query<CategoryAlias[], number>({
      query: (id) => ({ path: `products/${id}/category-aliases` }),
      transformResponse: (response: { categoryAliases: CategoryAlias[] }) => response.categoryAliases,
      providesTags: (_result, _error, id) => [
        { type: 'Product', id },
        { type: 'CategoryAlias', id: 'LIST' },
      ],
    }),
    mergeProduct: build.mutation<{ merge: ProductMerge; product: Product }, { id: number; sourceProductId: number }>({
      query: ({ id, sourceProductId }) => ({
        path: `admin/products/${id}/merge`,
        method: 'POST',
        body: { sourceProductId },
      }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : ['Product', 'ProductImage', { type: 'Merge', id }, 'Category'],
    }),
    productMerges: build.query<ProductMerge[], number>({
      query: (id) => ({ path: `admin/products/${id}/merges` }),
      transformResponse: (response: { merges: ProductMerge[] }) => response.merges,
      providesTags: (_result, _error, id) => [{ type: 'Merge', id }],
    }),
    splitMerge: build.mutation<{ restoredProduct: Product }, { mergeId: number; productId: number }>({
      query: ({ mergeId }) => ({ path: `admin/product-merges/${mergeId}/split`, method: 'POST' }),
      invalidatesTags: (_result, error, { productId }) =>
        error ? [] : ['Product', 'ProductImage', { type: 'Merge', id: productId }, 'Category'],
    }),
    duplicates: build.query<DuplicateCandidate[], number>({
      query: (id) => ({ path: `admin/products/${id}/duplicates` }),
      transformResponse: (response: { products: DuplicateCandidate[] }) => response.products,
      providesTags: (_result, _error, id) => [{ type: 'Merge', id }],
    }),
  }),
});

export const {
  useProductsQuery,
  useBrandsQuery,
  useStoresQuery,
  useProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useDisconnectProductsMutation,
  useAssignProductsToCategoriesMutation,
  useProductPricesQuery,
  useProductImagesQuery,
  useImageActionMutation,
  useUploadImageMutation,
  useAddPropertyMutation,
  useUpdatePropertyMutation,
  useDeletePropertyMutation,
  useProductAliasesQuery,
  useMergeProductMutation,
  useProductMergesQuery,
  useSplitMergeMutation,
  useDuplicatesQuery,
} = productsApi;
