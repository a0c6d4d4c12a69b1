import { z } from 'zod';
import { cents, id } from './common';

/** The ranges of a product's price history: the last 30 days, 90 days, a year, or everything recorded (30 days at least, 5 years at most). */
export const PRICE_HISTORY_RANGES = ['30d', '90d', '1y', 'all'] as const;
export type PriceHistoryRange = (typeof PRICE_HISTORY_RANGES)[number];

/** Windows for "lowest price in N days", longest first: the longest that holds is the one shown. */
export const LOWEST_IN_DAYS = [365, 90, 30] as const;
export type LowestInDays = (typeof LOWEST_IN_DAYS)[number];

/** A calendar day in UTC, `YYYY-MM-DD`. */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const dayTotalSchema = z.object({ day: isoDay, total: cents });

/**
 * A product's price history, one column per series aligned on `days`: each day's value is the
 * total (price plus shipping, cents) in force at the end of that day (today: now), null when
 * there was none. At most one value per day per store.
 */
export const productPriceHistorySchema = z.object({
  productId: id,
  range: z.enum(PRICE_HISTORY_RANGES),
  /** Every day of the range, oldest first, ending today (UTC). */
  days: z.array(isoDay),
  /** The lowest total across the stores on each day (offers hidden from the product page excluded). */
  lowest: z.array(cents.nullable()),
  /** Each store that had the product in the range, with its total on each day. */
  stores: z.array(
    z.object({
      store: z.object({ id, name: z.string(), slug: z.string() }),
      totals: z.array(cents.nullable()),
    }),
  ),
  /** The lowest and highest daily lowest in the range (the first day it happened), null without prices. */
  lowestInRange: dayTotalSchema.nullable(),
  highestInRange: dayTotalSchema.nullable(),
  /** Today's lowest total, null when no store offers the product now. */
  current: cents.nullable(),
  /**
   * 365, 90 or 30 when today's lowest is the lowest of every day in that many days (the longest
   * window that holds, and only when the history covers the whole window and the price was
   * higher on some day of it); null otherwise. Independent of `range`.
   */
  lowestInDays: z.union([z.literal(365), z.literal(90), z.literal(30)]).nullable(),
});
export type ProductPriceHistory = z.infer<typeof productPriceHistorySchema>;
