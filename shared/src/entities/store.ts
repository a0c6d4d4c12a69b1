import { z } from 'zod';
import { id, isoDateTime } from './common';
import { imageCopySchema } from './image-copy';

/** Our copy of the store's logo (features/image-copies): null until made, or when it could not be. */
const logoCopy = imageCopySchema.nullable().optional();

export const storeRefSchema = z.object({ id, name: z.string(), logo: z.string().nullable(), logoCopy });
export type StoreRef = z.infer<typeof storeRefSchema>;

export const storeSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  logo: z.string().nullable(),
  logoCopy,
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

/** A store's rating as visitors see it: the average with one decimal, over `count` ratings. */
export const storeRatingSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type StoreRatingSummary = z.infer<typeof storeRatingSummarySchema>;

/** A visitor's own rating of a store, as they set it (1 to 5 stars, an optional comment). */
export const ownStoreRatingSchema = z.object({
  rating: z.number().int().min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars'),
  comment: z.string().trim().max(2000, 'The comment is at most 2000 characters').nullish(),
});
export type OwnStoreRating = z.infer<typeof ownStoreRatingSchema>;

/** The public store page /store/{slug}: details, rating, comments newest first, its offers' categories. */
export const storePageSchema = z.object({
  store: z.object({ id, name: z.string(), slug: z.string(), url: z.string(), logo: z.string().nullable(), logoCopy, rating: storeRatingSummarySchema }),
  /** Newest first by when they were written or last edited. */
  ratings: z.array(z.object({ id, rating: z.number().int(), comment: z.string().nullable(), updatedAt: isoDateTime })),
  categories: z.array(z.object({ id, name: z.string(), slug: z.string(), products: z.number().int() })),
});
export type StorePage = z.infer<typeof storePageSchema>;

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
