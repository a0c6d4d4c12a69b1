import type { DeleteAllPricesResult, ImageCopy, Pagination, Store } from '@koopjesland/shared';
import type { ServerTableQuery } from '@koopjesland/shared/admin';
import type { ApiQueryError } from '@koopjesland/shared/rtk-query';
import { storeAdminApi } from '../../api';

/** docs/product.md §9: the store list shows its loading state for at least 200 ms (no flicker). */
export const STORE_LIST_MIN_LOADING_MS = 200;

export const STORE_SORT_FIELDS = ['name', 'slug', 'createdAt'] as const;
export type StoreSortField = (typeof STORE_SORT_FIELDS)[number];
/** docs/product.md §9: stores by name ascending. */
export const STORES_DEFAULT_SORT = { sortBy: 'name', sortOrder: 'asc' } as const;

export type StoresQuery = Pick<ServerTableQuery<StoreSortField, never>, 'page' | 'limit' | 'sortBy' | 'sortOrder' | 'search'>;

export interface StoresResponse {
  stores: AdminStore[];
  pagination: Pagination;
}

/** What the store form sends (docs/product.md §5 "New store"); logo may be empty. */
export interface StoreInput {
  name: string;
  slug: string;
  url: string;
  logo: string | null;
}

/** A store as the admin reads it: also counting the products with any offer of the store. */
export type AdminStore = Omit<Store, '_count'> & {
  _count?: NonNullable<Store['_count']> & { products?: number };
};

export const STORE_PRODUCT_SORT_FIELDS = ['name', 'brand', 'lowestPrice', 'priceCount', 'createdAt'] as const;
export type StoreProductSortField = (typeof STORE_PRODUCT_SORT_FIELDS)[number];

export type StoreProductsQuery = Pick<
  ServerTableQuery<StoreProductSortField, never>,
  'page' | 'limit' | 'sortBy' | 'sortOrder' | 'search'
> & { storeId: number };

/** A product with an offer in the store; `lowestPrice` is its lowest current total (cents) in any store. */
export interface StoreProduct {
  id: number;
  name: string;
  slug: string;
  brand: string | null;
  image: string | null;
  /** Our own copy of `image`, shown instead of a store's URL. */
  imageCopy?: ImageCopy | null;
  lowestPrice: number | null;
  priceCount: number;
  createdAt: string;
}

export interface ProductsResponse {
  products: StoreProduct[];
  pagination: Pagination;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const storesApi = storeAdminApi.injectEndpoints({
  endpoints: (build) => ({
    stores: build.query<StoresResponse, StoresQuery>({
      async queryFn({ page, limit, sortBy, sortOrder, search }, _api, _extra, baseQuery) {
        const [result] = await Promise.all([
          baseQuery({ path: 'admin/stores', query: { page, limit, sortBy, sortOrder, search } }),
          wait(STORE_LIST_MIN_LOADING_MS),
        ]);
        return result.error ? { error: result.error as ApiQueryError } : { data: result.data as StoresResponse };
      },
      providesTags: ['Store'],
    }),
    store: build.query<AdminStore, number>({
      query: (id) => ({ path: `stores/id/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Store', id }],
    }),
    createStore: build.mutation<AdminStore, StoreInput>({
      query: (body) => ({ path: 'stores', method: 'POST', body }),
      invalidatesTags: ['Store'],
    }),
    updateStore: build.mutation<AdminStore, { id: number; changes: StoreInput }>({
      query: ({ id, changes }) => ({ path: `stores/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: ['Store'],
    }),
    deleteStorePrices: build.mutation<DeleteAllPricesResult, number>({
      query: (id) => ({ path: `stores/${id}/prices`, method: 'DELETE' }),
      invalidatesTags: ['Store', 'StoreProduct', 'Price'],
    }),
    /** Products with any offer (current or expired) in the store. */
    storeProducts: build.query<ProductsResponse, StoreProductsQuery>({
      query: ({ storeId, page, limit, sortBy, sortOrder, search }) => ({
        path: `stores/${storeId}/products`,
        query: { page, limit, sortBy, sortOrder, search },
      }),
      providesTags: ['StoreProduct'],
    }),
  }),
});

export const {
  useStoresQuery,
  useStoreQuery,
  useCreateStoreMutation,
  useUpdateStoreMutation,
  useDeleteStorePricesMutation,
  useStoreProductsQuery,
} = storesApi;
