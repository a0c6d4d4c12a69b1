import { z } from 'zod';
import { cents, id, isoDateTime } from './common';

/**
 * Why a current offer is not shown to visitors (`prices.hidden_reason`; null = shown):
 * `reported` = a store admin hid it after visitors reported a wrong price (until the feed's
 * next import that carries it), `implausible` = a feed price held back as implausible.
 * A hidden offer never counts as a product's lowest price.
 */
export const OFFER_HIDDEN_REASONS = ['reported', 'implausible'] as const;
export type OfferHiddenReason = (typeof OFFER_HIDDEN_REASONS)[number];

/** What a visitor can say is wrong with an offer (issue 13 part 6). */
export const PRICE_REPORT_REASONS = ['price-differs', 'not-in-stock', 'wrong-product', 'other'] as const;
export type PriceReportReason = (typeof PRICE_REPORT_REASONS)[number];

/** Longest note a visitor can add to a report. */
export const PRICE_REPORT_NOTE_MAX = 500;

/** Body of POST /prices/{id}/reports (anonymous allowed). */
export const priceReportBodySchema = z.object({
  reason: z.enum(PRICE_REPORT_REASONS),
  note: z.string().trim().max(PRICE_REPORT_NOTE_MAX).optional(),
});
export type PriceReportBody = z.infer<typeof priceReportBodySchema>;

/** How an admin closed the reports of an offer. */
export const PRICE_REPORT_RESOLUTIONS = ['hidden', 'dismissed'] as const;
export type PriceReportResolution = (typeof PRICE_REPORT_RESOLUTIONS)[number];

/** One row of the store admin's queue: the open reports of one offer, grouped. */
export const priceReportGroupSchema = z.object({
  priceId: id,
  offer: z.object({
    total: cents,
    url: z.string(),
    hiddenReason: z.enum(OFFER_HIDDEN_REASONS).nullable(),
    isCurrent: z.boolean(),
  }),
  product: z.object({ id, name: z.string(), slug: z.string() }),
  store: z.object({ id, name: z.string() }),
  /** Open reports per reason, most reported first. */
  reasons: z.array(z.object({ reason: z.enum(PRICE_REPORT_REASONS), count: z.number().int() })),
  count: z.number().int(),
  /** The latest notes visitors left (at most 5, newest first). */
  notes: z.array(z.string()),
  firstReportedAt: isoDateTime,
  lastReportedAt: isoDateTime,
});
export type PriceReportGroup = z.infer<typeof priceReportGroupSchema>;

export const PRICE_REPORT_SORT_FIELDS = ['lastReportedAt', 'firstReportedAt', 'count'] as const;
export type PriceReportSortField = (typeof PRICE_REPORT_SORT_FIELDS)[number];
