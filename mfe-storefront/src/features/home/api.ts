/** The homepage's data (docs/product.md §2, §7): popular products, top price drops, the site's homepage categories. */
import type { Category, Pagination, Product } from '@koopjesland/shared';
import { storefrontApi } from '../../api/store';

export const HOMEPAGE_LIST_LIMIT = 10;

type ProductList = { products: Product[]; pagination: Pagination };

const homeApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** Most popular: limit 10, views desc (docs/product.md §7). */
    getPopularProducts: build.query<Product[], void>({
      query: () => ({ path: 'products', query: { limit: HOMEPAGE_LIST_LIMIT, sortBy: 'views', sortOrder: 'desc' } }),
      transformResponse: (response: ProductList) => response.products,
    }),
    /** Top price drops: limit 10, percentageChange asc, uncategorised excluded; only real drops kept. */
    getPriceDrops: build.query<Product[], void>({
      query: () => ({
        path: 'products',
        query: { limit: HOMEPAGE_LIST_LIMIT, sortBy: 'percentageChange', sortOrder: 'asc', excludeUncategorized: true },
      }),
      transformResponse: (response: ProductList) =>
        response.products.filter((product) => product.percentageChange !== null && product.percentageChange < 0),
    }),
    getHomepageCategories: build.query<Category[], number>({
      query: (siteConfigurationId) => ({ path: 'categories/homepage', query: { siteConfigurationId } }),
      transformResponse: (response: { categories: Category[] }) => response.categories,
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
  }),
});

export const { useGetPopularProductsQuery, useGetPriceDropsQuery, useGetHomepageCategoriesQuery } = homeApi;
export const { getPopularProducts, getPriceDrops, getHomepageCategories } = homeApi.endpoints;
