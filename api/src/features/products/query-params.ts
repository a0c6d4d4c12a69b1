/**
 * Query-string schemas of the product lists (GET /products, GET /categories/page/{slug},
 * search). Every parameter is validated; a bad one becomes 400 "Invalid <name>".
 */
import { PRODUCT_SORT_KEYS, sortOrderSchema } from '@koopjesland/shared/entities';
import { z } from 'zod';
import { idField, MAX_ID } from '../../http/route-schemas';
import { pageQuery } from '../../http/pagination';
import { jsonQueryParameter } from '../../http/json-input';

/** Query-string boolean: only "true" and "false" (z.coerce.boolean would read "false" as true). */
export const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

const cents = z.coerce.number().int().min(0).max(2_147_483_647);
const text = z.string().trim().max(200);

/** "12, 15,,18" → [12, 15, 18]; anything else than positive integers is refused. */
export const idList = z
  .string()
  .max(10_000)
  .transform((value, ctx) => {
    const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
      ctx.addIssue({ code: 'custom', message: 'Expected a comma-separated list of product ids' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** Extra filters the admin lists send as one JSON parameter. */
export const productJsonFiltersSchema = z
  .object({
    search: text.optional(),
    name: text.optional(),
    brand: text.optional(),
    category: text.optional(),
    storeId: z.number().int().positive().max(MAX_ID).optional(),
    minPrice: z.number().int().min(0).optional(),
    maxPrice: z.number().int().min(0).optional(),
    productIds: z.array(z.number().int().positive().max(MAX_ID)).max(1000).optional(),
    hasNoCategory: z.boolean().optional(),
    hasNoOffers: z.boolean().optional(),
    includeSubcategories: z.boolean().optional(),
  })
  .strict();

/** The storefront's sort keys and the admin list's sort by number of offers. */
export const listSortBySchema = z.enum([...PRODUCT_SORT_KEYS, 'offerCount']);

export const jsonFilters = jsonQueryParameter(productJsonFiltersSchema);

/** Filters shared by every product list. */
export const productFilterQuerySchema = z.object({
  search: text.optional(),
  brand: text.optional(),
  storeId: idField.optional(),
  minPrice: cents.optional(),
  maxPrice: cents.optional(),
  /** Specification filters, `<fieldId>:<min>~<max>,<fieldId>:<a>|<b>` (shared/…/specification-filters.ts). */
  spec: z.string().max(2000).optional(),
});

export const paging = (defaultLimit: number) => ({
  page: pageQuery.shape.page,
  limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
  sortBy: listSortBySchema.optional(),
  sortOrder: sortOrderSchema.optional(),
});

export const productListQuerySchema = productFilterQuerySchema.extend({
  ...paging(20),
  category: text.optional(),
  categoryAlias: idField.optional(),
  includeSubcategories: queryBoolean.optional(),
  excludeUncategorized: queryBoolean.optional(),
  hasNoCategory: queryBoolean.optional(),
  hasNoOffers: queryBoolean.optional(),
  productIds: idList.optional(),
  filters: jsonFilters.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const categoryPageQuerySchema = productFilterQuerySchema.extend({
  ...paging(21),
  includeSubcategories: queryBoolean.optional(),
});
