import { z } from 'zod';
import { isoDateTime } from './common';

/** A mail kept in the outbox (no SMTP server configured), as the outbox list shows it. */
export const outboxMessageSummarySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  createdAt: isoDateTime,
});
export type OutboxMessageSummary = z.infer<typeof outboxMessageSummarySchema>;

export const outboxMessageSchema = outboxMessageSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  /** Extra headers the mail carries (e.g. List-Unsubscribe on price alerts); null when none. */
  headers: z.record(z.string(), z.string()).nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
