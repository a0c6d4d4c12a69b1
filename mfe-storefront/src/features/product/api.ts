import { apiGet, type Pagination, type Product } from '@koopjesland/shared';

export const RECOMMENDATION_LIMIT = 6;

export const fetchProduct = (id: string, signal?: AbortSignal) =>
  apiGet<Product>(`products/${encodeURIComponent(id)}`, { signal });

/** 'You might also like': the newest products of the same category, without this one. */
export async function fetchRecommendations(product: Product): Promise<Product[]> {
  const category = product.categories?.[0];
  if (!category) return [];
  const { products } = await apiGet<{ products: Product[]; pagination: Pagination }>('products', {
    query: { category: category.slug, sortBy: 'createdAt', sortOrder: 'desc', limit: RECOMMENDATION_LIMIT + 1 },
  });
  return products.filter((candidate) => candidate.id !== product.id).slice(0, RECOMMENDATION_LIMIT);
}
