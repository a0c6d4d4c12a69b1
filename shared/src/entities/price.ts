import { z } from 'zod';
import { cents, id, isoDateTime } from './common';
import { storeRefSchema } from './store';
import { imageCopySchema } from './image-copy';

/** An offer as the store admin sees it: every field, with its product and store. */
export const adminPriceSchema = z.object({
  id,
  productId: z.number().int(),
  storeId: z.number().int(),
  feedId: z.number().int().nullable(),
  externalId: z.string().nullable(),
  amount: cents,
  shipping: cents,
  total: cents,
  url: z.string(),
  deliveryTime: z.string().nullable(),
  deliveryDays: z.number().int().nullable(),
  description: z.string().nullable(),
  priceChange: cents.nullable(),
  percentageChange: z.number().nullable(),
  validFrom: isoDateTime,
  validTo: isoDateTime.nullable(),
  lastSeen: isoDateTime,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  product: z.object({
    id,
    name: z.string(),
    slug: z.string(),
    brand: z.string().nullable(),
    image: z.string().nullable(),
  }),
  store: storeRefSchema,
});
export type AdminPrice = z.infer<typeof adminPriceSchema>;

export const PRICE_STATUSES = ['active', 'expired', 'all'] as const;
export type PriceStatus = (typeof PRICE_STATUSES)[number];

export const PRICE_SORT_FIELDS = [
  'createdAt',
  'total',
  'amount',
  'shipping',
  'validFrom',
  'validTo',
  'lastSeen',
  'productName',
  'storeName',
] as const;
export type PriceSortField = (typeof PRICE_SORT_FIELDS)[number];

export const priceHistoryEntrySchema = z.object({
  id,
  amount: cents,
  shipping: cents,
  total: cents,
  recordedAt: isoDateTime,
});
export type PriceHistoryEntry = z.infer<typeof priceHistoryEntrySchema>;

/** A product in a store's Products tab. */
export const storeProductSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  brand: z.string().nullable(),
  image: z.string().nullable(),
  /** Our own copy of `image` (product.ts imageCopySchema), shown instead of a store's URL. */
  imageCopy: imageCopySchema.nullable().optional(),
  /** The product's lowest current total in cents (any store), null when it has no offer. */
  lowestPrice: cents.nullable(),
  /** The product's current offers (any store). */
  priceCount: z.number().int(),
  createdAt: isoDateTime,
});
export type StoreProduct = z.infer<typeof storeProductSchema>;
