/** The signed-in visitor's wishlist (docs/product.md §7 Wishlist): check one product, add, update, remove. */
import type { WishlistCheck, WishlistItem } from '@koopjesland/shared';
import { storefrontApi } from '../../api/store';

export interface WishlistState {
  isWishlisted: boolean;
  wishlistItemId: number | null;
  maxPrice: number | null;
}

export const NOT_WISHLISTED: WishlistState = { isWishlisted: false, wishlistItemId: null, maxPrice: null };

type WishlistList = WishlistItem[] | { items?: WishlistItem[]; wishlistItems?: WishlistItem[] };
const itemsOf = (body: WishlistList): WishlistItem[] => (Array.isArray(body) ? body : (body.items ?? body.wishlistItems ?? []));

/** A product's state in a wishlist already loaded (product lists ask for the whole list once, not per card). */
export function wishlistStateIn(items: readonly WishlistItem[], productId: number): WishlistState {
  const item = items.find((entry) => entry.productId === productId);
  return item ? { isWishlisted: true, wishlistItemId: item.id, maxPrice: item.maxPrice } : NOT_WISHLISTED;
}

const wishlistApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Checks one product; on 404 the full wishlist is scanned instead (docs/product.md §7 Wishlist).
     * `viewer` (the user's id) keys the answer per visitor; the token goes with the request.
     */
    checkWishlist: build.query<WishlistState, { productId: number; viewer: number }>({
      async queryFn({ productId }, _api, _extra, baseQuery) {
        const check = await baseQuery(`wishlist/check/${productId}`);
        if (!check.error) return { data: check.data as WishlistCheck };
        if (check.error.status !== 404) return { error: check.error };
        const list = await baseQuery('wishlist');
        if (list.error) return { error: list.error };
        return { data: wishlistStateIn(itemsOf(list.data as WishlistList), productId) };
      },
      providesTags: ['Wishlist'],
    }),
    /** The whole wishlist of the visitor `viewer` (their id keys the answer; the token goes with the request). */
    wishlist: build.query<WishlistItem[], number>({
      query: () => 'wishlist',
      transformResponse: (body: WishlistList) => itemsOf(body),
      providesTags: ['Wishlist'],
    }),
    addToWishlist: build.mutation<{ wishlistItem: { id: number; maxPrice: number } }, { productId: number; maxPrice: number }>({
      query: (body) => ({ path: 'wishlist', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Wishlist']),
    }),
    updateWishlistItem: build.mutation<unknown, { id: number; maxPrice: number }>({
      query: ({ id, maxPrice }) => ({ path: `wishlist/${id}`, method: 'PUT', body: { maxPrice } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Wishlist']),
    }),
    removeWishlistItem: build.mutation<unknown, number>({
      query: (id) => ({ path: `wishlist/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Wishlist']),
    }),
    /** Whether the visitor `viewer` gets price alert mails (their id keys the answer). */
    priceAlertSettings: build.query<{ enabled: boolean }, number>({
      query: () => 'price-alerts/settings',
      providesTags: ['Wishlist'],
    }),
    /** On again also sends the alerts of targets met now, so the wishlist is read again too. */
    setPriceAlerts: build.mutation<{ enabled: boolean }, { enabled: boolean }>({
      query: (body) => ({ path: 'price-alerts/settings', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Wishlist']),
    }),
  }),
});

export const {
  useCheckWishlistQuery,
  useWishlistQuery,
  useAddToWishlistMutation,
  useUpdateWishlistItemMutation,
  useRemoveWishlistItemMutation,
  usePriceAlertSettingsQuery,
  useSetPriceAlertsMutation,
} = wishlistApi;
