import type { Product } from '@koopjesland/shared';

export const productPath = (product: Pick<Product, 'id' | 'slug'>) => `/product/${product.slug}/${product.id}`;
export const categoryPath = (category: { slug: string }) => `/${category.slug}`;
