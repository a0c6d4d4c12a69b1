import { z } from 'zod';
import { cents, id, isoDateTime } from './common';
import { categoryRefSchema } from './category';
import { imageCopySchema } from './image-copy';
import { storeRatingSummarySchema, storeRefSchema } from './store';

export const productIdentifierSchema = z.object({ id, type: z.string(), value: z.string() });
export type ProductIdentifier = z.infer<typeof productIdentifierSchema>;

export const productPropertySchema = z.object({ id, name: z.string(), value: z.string() });
export type ProductProperty = z.infer<typeof productPropertySchema>;

export const productImageSchema = z.object({
  id,
  url: z.string(),
  store: z.object({ name: z.string() }).nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  filename: z.string().nullable(),
  /** Alternative text set by a merchandiser (admin image list). */
  alt: z.string().nullable().optional(),
  main: z.boolean(),
  isDisabled: z.boolean(),
  /**
   * Our own copy of the image (WebP at a few widths, served from our origin), null until it is
   * made or when it could not be: the storefront then shows the placeholder, never the store's URL.
   */
  copy: imageCopySchema.nullable().optional(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const priceSchema = z.object({
  id,
  productId: z.number().int(),
  amount: cents,
  shipping: cents,
  total: cents,
  url: z.string(),
  deliveryTime: z.string().nullable(),
  deliveryDays: z.number().int().nullable(),
  description: z.string().nullable(),
  /** On the product page also the store's slug (its page /store/{slug}) and its rating. */
  store: storeRefSchema.extend({ slug: z.string().optional(), rating: storeRatingSummarySchema.optional() }),
  priceChange: cents.nullable(),
  percentageChange: z.number().nullable(),
  /** The store's "from" (was) amount, only when it charged that amount in the last 30 days (product page strike-through). */
  fromPrice: cents.nullable().optional(),
  isLowest: z.boolean().optional(),
  /** False: the store says it is out of stock (shown as such on the product page, never the lowest price). */
  inStock: z.boolean().optional(),
  validFrom: isoDateTime,
  validTo: isoDateTime.nullable(),
  lastSeen: isoDateTime,
  createdAt: isoDateTime,
});
export type Price = z.infer<typeof priceSchema>;

export const lowestPriceSchema = z.object({
  id,
  amount: cents,
  shipping: cents,
  total: cents,
  store: storeRefSchema,
});
export type LowestPrice = z.infer<typeof lowestPriceSchema>;

export const wishlistItemRefSchema = z.object({ id, maxPrice: cents });

export const productSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  imageId: z.number().int().nullable(),
  /** Our own copy of `image` (see productImageSchema.copy); the storefront shows this, never `image` when it is a store's URL. */
  imageCopy: imageCopySchema.nullable().optional(),
  images: z.array(productImageSchema).optional(),
  categories: z.array(categoryRefSchema).optional(),
  /** Root-first path of the product's main category (product page). */
  breadcrumb: z.array(categoryRefSchema).optional(),
  categoryIds: z.array(z.number().int()).optional(),
  properties: z.array(productPropertySchema).optional(),
  productIds: z.array(productIdentifierSchema).optional(),
  prices: z.array(priceSchema).optional(),
  lowestPrice: lowestPriceSchema.nullable(),
  lowestPriceId: z.number().int().nullable(),
  /** The highest current total, for structured data (AggregateOffer). */
  highestPrice: cents.nullable().optional(),
  offerCount: z.number().int().optional(),
  priceChange: cents.nullable(),
  percentageChange: z.number().nullable(),
  /** The usual price: the median of the daily lowest total over the previous 30 days (null without enough history). */
  referencePrice: cents.nullable().optional(),
  /** How far (percent, one decimal) today's lowest total is below the usual price; null when it is not a deal. */
  dealPercentage: z.number().nullable().optional(),
  views: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  _count: z.object({ prices: z.number().int(), categories: z.number().int() }).optional(),
  isWishlisted: z.boolean().optional(),
  wishlistItem: wishlistItemRefSchema.nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const priceHistoryPointSchema = z.object({
  storeId: z.number().int(),
  total: cents,
  recordedAt: isoDateTime,
});
export type PriceHistoryPoint = z.infer<typeof priceHistoryPointSchema>;

/** A recorded merge of two products (admin product detail): split puts the removed one back. */
export const productMergeSchema = z.object({
  id,
  keptProductId: z.number().int(),
  removedProductId: z.number().int(),
  removedName: z.string(),
  removedSlug: z.string(),
  mergedAt: isoDateTime,
  splitAt: isoDateTime.nullable(),
});
export type ProductMerge = z.infer<typeof productMergeSchema>;

/** A possible duplicate of a product: the same EAN in another form, or the same brand and a similar name. */
export const productDuplicateSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  brand: z.string().nullable(),
  image: z.string().nullable(),
  offerCount: z.number().int(),
  reason: z.enum(['ean', 'name']),
  similarity: z.number(),
});
export type ProductDuplicate = z.infer<typeof productDuplicateSchema>;
