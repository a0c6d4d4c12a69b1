import { z } from 'zod';
import { id, isoDateTime } from './common';

export const storeRefSchema = z.object({ id, name: z.string(), logo: z.string().nullable() });
export type StoreRef = z.infer<typeof storeRefSchema>;

export const storeSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  logo: z.string().nullable(),
  lastPriceUpdate: isoDateTime.nullable(),
  averageRating: z.number().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  _count: z
    .object({
      prices: z.number().int(),
      storeRatings: z.number().int(),
      feeds: z.number().int(),
      /** Products with any offer (current or expired) in the store. */
      products: z.number().int().optional(),
    })
    .optional(),
});
export type Store = z.infer<typeof storeSchema>;

export const storeRatingSchema = z.object({
  id,
  storeId: z.number().int(),
  userId: z.number().int().nullable(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type StoreRating = z.infer<typeof storeRatingSchema>;

export const deleteAllPricesResultSchema = z.object({
  deletedPrices: z.number().int(),
  deletedProducts: z.number().int(),
  deletedCategoryAliases: z.number().int(),
});
export type DeleteAllPricesResult = z.infer<typeof deleteAllPricesResultSchema>;

/** A store rating as the admin list shows it: with the store's name and the author's email. */
export const adminStoreRatingSchema = storeRatingSchema.extend({
  storeName: z.string(),
  userEmail: z.string().nullable(),
});
export type AdminStoreRating = z.infer<typeof adminStoreRatingSchema>;
