import { apiGet, type Category, type Pagination, type Product } from '@koopjesland/shared';

export const HOMEPAGE_LIST_LIMIT = 10;

type ProductList = { products: Product[]; pagination: Pagination };

/** Most popular: limit 10, views desc (spec §7). */
export const fetchPopularProducts = () =>
  apiGet<ProductList>('products', { query: { limit: HOMEPAGE_LIST_LIMIT, sortBy: 'views', sortOrder: 'desc' } });

/** Top price drops: limit 10, percentageChange asc, uncategorised excluded; only real drops kept. */
export async function fetchPriceDrops(): Promise<Product[]> {
  const { products } = await apiGet<ProductList>('products', {
    query: { limit: HOMEPAGE_LIST_LIMIT, sortBy: 'percentageChange', sortOrder: 'asc', excludeUncategorized: true },
  });
  return products.filter((product) => product.percentageChange !== null && product.percentageChange < 0);
}

export const fetchHomepageCategories = (siteConfigurationId: number) =>
  apiGet<{ categories: Category[] }>('categories/homepage', { query: { siteConfigurationId } });
