import { z } from 'zod';
import { id } from './common';

export const filtersResponseSchema = z.object({
  brands: z.array(z.string()),
  stores: z.array(z.object({ id, name: z.string() })),
});
export type FiltersResponse = z.infer<typeof filtersResponseSchema>;

export const searchFiltersResponseSchema = filtersResponseSchema.extend({
  categories: z.array(z.object({ id, name: z.string(), slug: z.string() })),
});
export type SearchFiltersResponse = z.infer<typeof searchFiltersResponseSchema>;

/** Sort keys of the storefront's filter panel (docs/product.md §2 "Filter panel and sort"). */
export const PRODUCT_SORT_KEYS = [
  'relevance',
  'createdAt',
  'name',
  'lowestPrice.total',
  'percentageChange',
  'priceChange',
  'views',
  'manual',
] as const;
export const productSortBySchema = z.enum(PRODUCT_SORT_KEYS);
export type ProductSortBy = z.infer<typeof productSortBySchema>;
