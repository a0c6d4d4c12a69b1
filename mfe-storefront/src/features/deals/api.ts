/** The deals page's data (docs/product.md "Honest deals"): GET /deals, best deal first, by category. */
import type { Pagination, Product } from '@koopjesland/shared';
import { storefrontApi } from '../../api/store';

export const DEALS_PAGE_SIZE = 20;

export interface DealsArgs {
  page: number;
  /** A category's slug: its deals and its subcategories'. */
  category?: string;
}

const dealsApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getDeals: build.query<{ products: Product[]; pagination: Pagination }, DealsArgs>({
      query: ({ page, category }) => ({
        path: 'deals',
        query: { page, limit: DEALS_PAGE_SIZE, ...(category ? { category } : {}) },
      }),
      providesTags: [{ type: 'Product', id: 'DEALS' }],
    }),
  }),
});

export const { useGetDealsQuery } = dealsApi;
export const { getDeals } = dealsApi.endpoints;
