/** The product page's data (docs/product.md §7): the product with its offers, and 'you might also like'. */
import type { Pagination, Product } from '@koopjesland/shared';
import { storefrontApi } from '../../api/store';

export const RECOMMENDATION_LIMIT = 6;

export interface ProductArgs {
  id: string;
  /**
   * The signed-in user's id (null when anonymous). Not sent (the token is), but the answer
   * differs per visitor (their wishlist state), so it is part of the cache key.
   */
  viewer: number | null;
}

const productApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getProduct: build.query<Product, ProductArgs>({
      query: ({ id }) => `products/${encodeURIComponent(id)}`,
      providesTags: (result) => (result ? [{ type: 'Product', id: result.id }] : []),
    }),
    /** The newest products of the same category, without this one. */
    getRecommendations: build.query<Product[], { categorySlug: string; productId: number }>({
      query: ({ categorySlug }) => ({
        path: 'products',
        query: { category: categorySlug, sortBy: 'createdAt', sortOrder: 'desc', limit: RECOMMENDATION_LIMIT + 1 },
      }),
      transformResponse: (response: { products: Product[]; pagination: Pagination }, _meta, { productId }) =>
        response.products.filter((candidate) => candidate.id !== productId).slice(0, RECOMMENDATION_LIMIT),
    }),
  }),
});

/** The recommendations' request for `product` (null: it has no category, so none are shown). */
export function recommendationArgs(product: Product): { categorySlug: string; productId: number } | null {
  const categorySlug = product.categories?.[0]?.slug;
  return categorySlug === undefined ? null : { categorySlug, productId: product.id };
}

export const { useGetProductQuery, useGetRecommendationsQuery } = productApi;
export const { getProduct, getRecommendations } = productApi.endpoints;
