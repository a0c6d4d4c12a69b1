import { z } from 'zod';
import { MAX_ID, id } from './common';

/** Body of POST /prices/log-redirect (docs/product.md §7 Prices). */
export const clickOutSchema = z.object({
  timestamp: z.string().max(64),
  user: z.object({
    isLoggedIn: z.boolean(),
    userId: id.nullable().optional(),
    userEmail: z.string().max(320).nullable().optional(),
    isAdmin: z.boolean().optional(),
  }),
  product: z.object({
    id,
    name: z.string().max(500).optional(),
    slug: z.string().max(500).optional(),
  }),
  store: z.object({
    id,
    name: z.string().max(200).optional(),
  }),
  pricing: z.object({
    current: z.number().int().nonnegative().max(MAX_ID),
    lowest: z.number().int().nonnegative().max(MAX_ID).nullable().optional(),
  }),
  /** Only a web address: a stored javascript: or data: URL would be a trap for whoever follows it. */
  redirectUrl: z
    .string()
    .max(4096)
    // No whitespace and no NUL anywhere: the address goes into a Location header.
    // eslint-disable-next-line no-control-regex
    .regex(/^https?:\/\/[^\s\u0000]+$/i, 'Expected an http or https URL'),
  priceId: id.optional(),
});
export type ClickOut = z.infer<typeof clickOutSchema>;
