/**
 * Held prices (docs/feeds.md "Implausible prices"): feed prices held as
 * implausible, and the three ways to release one (accept, reject, split into its own product).
 */
import type { HeldOfferDecision, HeldOfferList, HeldOfferRelease } from '@koopjesland/shared';
import { storeAdminApi } from '../../api';

export const HELD_PRICE_SORT_FIELDS = ['heldSince', 'total', 'productName', 'storeName'] as const;
export type HeldPriceSortField = (typeof HELD_PRICE_SORT_FIELDS)[number];
export const HELD_PRICE_FILTER_KEYS = ['storeId'] as const;

export interface HeldPricesQuery {
  page: number;
  limit: number;
  sortBy: HeldPriceSortField;
  sortOrder: 'asc' | 'desc';
  search?: string;
  storeId?: string;
}

const heldPricesApi = storeAdminApi.injectEndpoints({
  endpoints: (build) => ({
    heldPrices: build.query<HeldOfferList, HeldPricesQuery>({
      query: (query) => ({ path: 'held-prices', query: { ...query } }),
      providesTags: ['Price'],
    }),
    releaseHeldPrice: build.mutation<HeldOfferRelease, { priceId: number; decision: HeldOfferDecision }>({
      query: ({ priceId, decision }) => ({ path: `held-prices/${priceId}/${decision}`, method: 'POST' }),
      invalidatesTags: ['Price', 'StoreProduct', 'Store'],
    }),
  }),
});

export const { useHeldPricesQuery, useReleaseHeldPriceMutation } = heldPricesApi;
