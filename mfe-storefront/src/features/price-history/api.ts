/** A product's price history (GET /products/{id}/price-history, docs/product.md "Price history"). */
import type { PriceHistoryRange, ProductPriceHistory } from '@koopjesland/shared/entities';
import { storefrontApi } from '../../api/store';

/** The range the product page asks first (it also answers "lowest price in N days", which no range changes). */
export const DEFAULT_PRICE_HISTORY_RANGE: PriceHistoryRange = '90d';

const priceHistoryApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getPriceHistory: build.query<ProductPriceHistory, { productId: number; range: PriceHistoryRange }>({
      query: ({ productId, range }) => ({ path: `products/${productId}/price-history`, query: { range } }),
      providesTags: (_result, _error, { productId }) => [{ type: 'Product', id: productId }],
    }),
  }),
});

export const { useGetPriceHistoryQuery } = priceHistoryApi;
export const { getPriceHistory } = priceHistoryApi.endpoints;
