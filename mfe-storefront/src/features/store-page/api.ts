/** The store page /store/{slug} and the visitor's own rating of the store (docs/product.md "Visitor pages beyond the specification"). */
import type { OwnStoreRating, StorePage } from '@koopjesland/shared/entities';
import { storefrontApi } from '../../api/store';

const storePageApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    storePage: build.query<StorePage, string>({
      query: (slug) => `stores/slug/${encodeURIComponent(slug)}/page`,
      providesTags: (page) => (page ? [{ type: 'StoreRating', id: page.store.id }] : []),
    }),
    /** `viewer` (the user's id) keys the answer per visitor; the token goes with the request. */
    ownStoreRating: build.query<OwnStoreRating | null, { storeId: number; viewer: number }>({
      query: ({ storeId }) => `stores/${storeId}/my-rating`,
      transformResponse: (body: { rating: OwnStoreRating | null }) => body.rating,
      providesTags: (_result, _error, { storeId }) => [{ type: 'StoreRating', id: storeId }],
    }),
    rateStore: build.mutation<unknown, { storeId: number; rating: number; comment: string | null }>({
      query: ({ storeId, ...body }) => ({ path: `stores/${storeId}/my-rating`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { storeId }) => (error ? [] : [{ type: 'StoreRating', id: storeId }]),
    }),
  }),
});

export const { useStorePageQuery, useOwnStoreRatingQuery, useRateStoreMutation } = storePageApi;
