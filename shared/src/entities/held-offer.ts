import { z } from 'zod';
import { cents, id, isoDateTime, paginationSchema } from './common';

/**
 * Implausible feed prices held for review (docs/feeds.md "Implausible prices"):
 * a record whose total is below `implausibleBelow` × or above `implausibleAbove` × the median of
 * the product's other visible offers (when there are at least two) is applied hidden
 * (`prices.hidden_reason = 'implausible'`) until a merchandiser or store manager releases it.
 */
export const DEFAULT_IMPLAUSIBLE_BELOW = 1 / 3;
export const DEFAULT_IMPLAUSIBLE_ABOVE = 3;
/** Other visible offers of the product needed before a total can be judged. */
export const MIN_OFFERS_FOR_PLAUSIBILITY = 2;

/** The feed record's product data kept with a held offer, so it can become a product of its own. */
export const heldOfferRecordSchema = z.object({
  name: z.string(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  gtin: z.string().nullable(),
  images: z.array(z.string()).nullable(),
  categoryPath: z.string().nullable(),
  properties: z.array(z.object({ name: z.string(), value: z.string() })).nullable(),
});
export type HeldOfferRecord = z.infer<typeof heldOfferRecordSchema>;

/** One held offer as the review list shows it. */
export const heldOfferSchema = z.object({
  priceId: id,
  total: cents,
  amount: cents,
  shipping: cents,
  url: z.string(),
  externalId: z.string().nullable(),
  heldSince: isoDateTime,
  /** The median total of the product's other visible offers now, and how many there are. */
  medianTotal: cents.nullable(),
  otherOffers: z.number().int(),
  record: heldOfferRecordSchema.nullable(),
  product: z.object({ id, name: z.string(), slug: z.string(), lowestTotal: cents.nullable() }),
  store: z.object({ id, name: z.string() }),
  feed: z.object({ id, name: z.string() }).nullable(),
});
export type HeldOffer = z.infer<typeof heldOfferSchema>;

export const HELD_OFFER_SORT_FIELDS = ['heldSince', 'total', 'productName', 'storeName'] as const;
export type HeldOfferSortField = (typeof HELD_OFFER_SORT_FIELDS)[number];

export const heldOfferListSchema = z.object({ heldOffers: z.array(heldOfferSchema), pagination: paginationSchema });
export type HeldOfferList = z.infer<typeof heldOfferListSchema>;

/** What releasing a held offer did. */
export const HELD_OFFER_DECISIONS = ['accept', 'reject', 'split'] as const;
export type HeldOfferDecision = (typeof HELD_OFFER_DECISIONS)[number];

export const heldOfferReleaseSchema = z.object({
  priceId: id,
  decision: z.enum(HELD_OFFER_DECISIONS),
  /** The product the offer belongs to now (split: the new product). */
  productId: id,
});
export type HeldOfferRelease = z.infer<typeof heldOfferReleaseSchema>;
