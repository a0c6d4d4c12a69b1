import type { AdminWishlistItem, Pagination } from '@koopjesland/shared';
import { configAdminApi } from '../../api';

export const WISHLIST_FILTER_KEYS = ['targetMet', 'userId'] as const;

export interface WishlistsQuery {
  page: number;
  limit: number;
  search?: string;
  targetMet?: string;
  userId?: string;
}

export interface WishlistsResponse {
  wishlistItems: AdminWishlistItem[];
  pagination: Pagination;
}

const wishlistsApi = configAdminApi.injectEndpoints({
  endpoints: (build) => ({
    wishlistItems: build.query<WishlistsResponse, WishlistsQuery>({
      query: (query) => ({ path: 'admin/wishlists', query: { ...query } }),
      providesTags: ['Wishlist'],
    }),
    wishlistItem: build.query<AdminWishlistItem, number>({
      query: (id) => ({ path: `admin/wishlists/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Wishlist', id }],
    }),
    updateWishlistItem: build.mutation<AdminWishlistItem, { id: number; maxPrice: number }>({
      query: ({ id, maxPrice }) => ({ path: `admin/wishlists/${id}`, method: 'PUT', body: { maxPrice } }),
      invalidatesTags: ['Wishlist', 'Audit'],
    }),
    deleteWishlistItem: build.mutation<{ success: true }, number>({
      query: (id) => ({ path: `admin/wishlists/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Wishlist', 'Audit'],
    }),
  }),
});

export const { useWishlistItemsQuery, useWishlistItemQuery, useUpdateWishlistItemMutation, useDeleteWishlistItemMutation } =
  wishlistsApi;
