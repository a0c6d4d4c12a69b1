/**
 * Offers ("prices", docs/product.md §7 Prices; shapes in docs/product.md "Store admin API"):
 * the admin list with its filters, one offer with its history, and the writes.
 */
import type { Pagination, Price } from '@koopjesland/shared';
import { storeAdminApi } from '../../api';

export const PRICE_SORT_FIELDS = [
  'createdAt', 'total', 'amount', 'shipping', 'validFrom', 'validTo', 'lastSeen', 'productName', 'storeName',
] as const;
export type PriceSortField = (typeof PRICE_SORT_FIELDS)[number];
export const PRICE_FILTER_KEYS = ['productId', 'storeId', 'status', 'minPrice', 'maxPrice'] as const;
/** Current offers, expired ones, or both (the API's default is current). */
export const PRICE_STATUSES = ['active', 'expired', 'all'] as const;
export type PriceStatus = (typeof PRICE_STATUSES)[number];
export type PriceFilterKey = (typeof PRICE_FILTER_KEYS)[number];

/** An offer as the admin lists it: with its product. */
export type AdminPrice = Price & {
  storeId?: number;
  product?: { id: number; name: string; slug: string; brand?: string | null; image?: string | null } | null;
};

export interface PricesQuery {
  page: number;
  limit: number;
  sortBy: PriceSortField;
  sortOrder: 'asc' | 'desc';
  productId?: string;
  storeId?: string | number;
  status?: string;
  /** Part of the product's name. */
  search?: string;
  /** Cents. */
  minPrice?: string;
  maxPrice?: string;
}

export interface PricesResponse {
  prices: AdminPrice[];
  pagination: Pagination;
}

export interface PriceHistoryEntry {
  total: number;
  recordedAt: string;
}

/** The fields an admin edits (docs: amount, shipping, URL, delivery time, valid to). */
export interface PriceChanges {
  amount: number;
  shipping: number;
  url: string;
  deliveryTime: string | null;
  validTo: string | null;
}

export interface NewPrice extends PriceChanges {
  productId: number;
  storeId: number;
}

const pricesApi = storeAdminApi.injectEndpoints({
  endpoints: (build) => ({
    prices: build.query<PricesResponse, PricesQuery>({
      query: (query) => ({ path: 'prices', query: { ...query } }),
      providesTags: ['Price'],
    }),
    price: build.query<AdminPrice, number>({
      query: (id) => ({ path: `prices/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Price', id }],
    }),
    priceHistory: build.query<PriceHistoryEntry[], number>({
      query: (id) => ({ path: `prices/${id}/history` }),
      transformResponse: (response: PriceHistoryEntry[] | { history: PriceHistoryEntry[] }) =>
        Array.isArray(response) ? response : response.history,
      providesTags: (_result, _error, id) => [{ type: 'Price', id }],
    }),
    updatePrice: build.mutation<AdminPrice, { id: number; changes: PriceChanges }>({
      query: ({ id, changes }) => ({ path: `prices/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: ['Price', 'StoreProduct', 'Store'],
    }),
    createPrice: build.mutation<AdminPrice, NewPrice>({
      query: (body) => ({ path: 'prices', method: 'POST', body }),
      invalidatesTags: ['Price', 'StoreProduct', 'Store'],
    }),
    /** Products to choose from by name (filters and the new-offer form). */
    productOptions: build.query<{ id: number; name: string }[], string>({
      query: (search) => ({ path: 'products', query: { search: search || undefined, limit: 20, excludeUncategorized: false } }),
      transformResponse: (response: { products: { id: number; name: string }[] }) =>
        response.products.map(({ id, name }) => ({ id, name })),
    }),
    /** docs/product.md §9: selector lists hold up to 1000 stores. */
    storeOptions: build.query<{ id: number; name: string }[], void>({
      query: () => ({ path: 'stores', query: { limit: 1000, sortBy: 'name', sortOrder: 'asc' } }),
      transformResponse: (response: { stores: { id: number; name: string }[] }) =>
        response.stores.map(({ id, name }) => ({ id, name })),
      providesTags: ['Store'],
    }),
    deletePrice: build.mutation<void, number>({
      query: (id) => ({ path: `prices/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Price', 'StoreProduct', 'Store'],
    }),
  }),
});

export const {
  usePricesQuery,
  usePriceQuery,
  usePriceHistoryQuery,
  useUpdatePriceMutation,
  useCreatePriceMutation,
  useDeletePriceMutation,
  useProductOptionsQuery,
  useStoreOptionsQuery,
} = pricesApi;
