import { z } from 'zod';
import { cents, id, isoDateTime } from './common';
import {
  OFFER_HIDDEN_REASONS,
  PRICE_REPORT_NOTE_MAX,
  PRICE_REPORT_REASONS,
} from './price-report-values';

export * from './price-report-values';

/** Body of POST /prices/{id}/reports (anonymous allowed). */
export const priceReportBodySchema = z.object({
  reason: z.enum(PRICE_REPORT_REASONS),
  note: z.string().trim().max(PRICE_REPORT_NOTE_MAX).optional(),
});
export type PriceReportBody = z.infer<typeof priceReportBodySchema>;

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
