import type { AdminStoreRating, Pagination } from '@koopjesland/shared';
import { configAdminApi } from '../../api';

export const STORE_RATING_FILTER_KEYS = ['storeId', 'stars', 'userId'] as const;

export interface StoreRatingsQuery {
  page: number;
  limit: number;
  storeId?: string;
  stars?: string;
  userId?: string;
}

export interface StoreRatingsResponse {
  storeRatings: AdminStoreRating[];
  pagination: Pagination;
}

export interface StoreRatingChanges {
  rating: number;
  comment: string | null;
}

const storeRatingsApi = configAdminApi.injectEndpoints({
  endpoints: (build) => ({
    storeRatings: build.query<StoreRatingsResponse, StoreRatingsQuery>({
      query: (query) => ({ path: 'admin/store-ratings', query: { ...query } }),
      providesTags: ['StoreRating'],
    }),
    storeRating: build.query<AdminStoreRating, number>({
      query: (id) => ({ path: `admin/store-ratings/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'StoreRating', id }],
    }),
    updateStoreRating: build.mutation<AdminStoreRating, { id: number; changes: StoreRatingChanges }>({
      query: ({ id, changes }) => ({ path: `admin/store-ratings/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: ['StoreRating', 'Audit'],
    }),
    deleteStoreRating: build.mutation<{ success: true }, number>({
      query: (id) => ({ path: `admin/store-ratings/${id}`, method: 'DELETE' }),
      invalidatesTags: ['StoreRating', 'Audit'],
    }),
  }),
});

export const { useStoreRatingsQuery, useStoreRatingQuery, useUpdateStoreRatingMutation, useDeleteStoreRatingMutation } =
  storeRatingsApi;
