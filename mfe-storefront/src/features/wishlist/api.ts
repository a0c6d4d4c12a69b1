import { ApiError, apiDelete, apiGet, apiPost, apiPut, type WishlistCheck, type WishlistItem } from '@koopjesland/shared';

export interface WishlistState {
  isWishlisted: boolean;
  wishlistItemId: number | null;
  maxPrice: number | null;
}

export const NOT_WISHLISTED: WishlistState = { isWishlisted: false, wishlistItemId: null, maxPrice: null };

/** Checks one product; on 404 the full wishlist is scanned instead (spec §7 Wishlist). */
export async function checkWishlist(productId: number): Promise<WishlistState> {
  try {
    return await apiGet<WishlistCheck>(`wishlist/check/${productId}`);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const list = await apiGet<WishlistItem[] | { items?: WishlistItem[]; wishlistItems?: WishlistItem[] }>('wishlist');
    const items = Array.isArray(list) ? list : (list.items ?? list.wishlistItems ?? []);
    const item = items.find((entry) => entry.productId === productId);
    return item ? { isWishlisted: true, wishlistItemId: item.id, maxPrice: item.maxPrice } : NOT_WISHLISTED;
  }
}

export const addToWishlist = (productId: number, maxPrice: number) =>
  apiPost<{ wishlistItem: { id: number; maxPrice: number } }>('wishlist', { productId, maxPrice });

export const updateWishlistItem = (id: number, maxPrice: number) => apiPut(`wishlist/${id}`, { maxPrice });

export const removeWishlistItem = (id: number) => apiDelete(`wishlist/${id}`);
