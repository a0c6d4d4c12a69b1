/**
 * The constants of wrong-price reports and hidden offers without the schema library, so the
 * storefront and the store admin can import them (`@koopjesland/shared`) without shipping zod.
 * The schemas are in price-report.ts.
 */

/**
 * Why a current offer is not shown to visitors (`prices.hidden_reason`; null = shown):
 * `reported` = a store admin hid it after visitors reported a wrong price (until the feed's
 * next import that carries it), `implausible` = a feed price held back as implausible.
 * A hidden offer never counts as a product's lowest price.
 */
export const OFFER_HIDDEN_REASONS = ['reported', 'implausible'] as const;
export type OfferHiddenReason = (typeof OFFER_HIDDEN_REASONS)[number];

/** What a visitor can say is wrong with an offer (docs/product.md "Wrong-price reports and hidden offers"). */
export const PRICE_REPORT_REASONS = ['price-differs', 'not-in-stock', 'wrong-product', 'other'] as const;
export type PriceReportReason = (typeof PRICE_REPORT_REASONS)[number];

/** Longest note a visitor can add to a report. */
export const PRICE_REPORT_NOTE_MAX = 500;

/** How an admin closed the reports of an offer. */
export const PRICE_REPORT_RESOLUTIONS = ['hidden', 'dismissed'] as const;
export type PriceReportResolution = (typeof PRICE_REPORT_RESOLUTIONS)[number];

export const PRICE_REPORT_SORT_FIELDS = ['lastReportedAt', 'firstReportedAt', 'count'] as const;
export type PriceReportSortField = (typeof PRICE_REPORT_SORT_FIELDS)[number];
