import type { Pagination, Store } from '@koopjesland/shared';
import type { ApiQueryError } from '@koopjesland/shared/rtk-query';
import { storeAdminApi } from '../../api/store';

export const STORES_PAGE_SIZE = 20;
/** Spec §9: the store list shows its loading state for at least 200 ms (no flicker). */
export const STORE_LIST_MIN_LOADING_MS = 200;

export type StoreSortField = 'name' | 'slug' | 'createdAt';

export interface StoresQuery {
  page: number;
  sortBy: StoreSortField;
  sortOrder: 'asc' | 'desc';
}

export interface StoresResponse {
  stores: Store[];
  pagination: Pagination;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const storesApi = storeAdminApi.injectEndpoints({
  endpoints: (build) => ({
    stores: build.query<StoresResponse, StoresQuery>({
      async queryFn({ page, sortBy, sortOrder }, _api, _extra, baseQuery) {
        const [result] = await Promise.all([
          baseQuery({ path: 'stores', query: { page, limit: STORES_PAGE_SIZE, sortBy, sortOrder } }),
          wait(STORE_LIST_MIN_LOADING_MS),
        ]);
        return result.error ? { error: result.error as ApiQueryError } : { data: result.data as StoresResponse };
      },
      providesTags: ['Store'],
    }),
    store: build.query<Store, number>({
      query: (id) => ({ path: `stores/id/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Store', id }],
    }),
  }),
});

export const { useStoresQuery, useStoreQuery } = storesApi;
