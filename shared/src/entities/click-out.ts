import { z } from 'zod';

/** Body of POST /prices/log-redirect (docs/product.md §7 Prices). */
export const clickOutSchema = z.object({
  timestamp: z.string().max(64),
  user: z.object({
    isLoggedIn: z.boolean(),
    userId: z.number().int().nullable().optional(),
    userEmail: z.string().max(320).nullable().optional(),
    isAdmin: z.boolean().optional(),
  }),
  product: z.object({
    id: z.number().int().positive(),
    name: z.string().max(500).optional(),
    slug: z.string().max(500).optional(),
  }),
  store: z.object({
    id: z.number().int().positive(),
    name: z.string().max(200).optional(),
  }),
  pricing: z.object({
    current: z.number().int().nonnegative(),
    lowest: z.number().int().nonnegative().nullable().optional(),
  }),
  redirectUrl: z.string().max(4096),
  priceId: z.number().int().positive().optional(),
});
export type ClickOut = z.infer<typeof clickOutSchema>;
