import { z } from 'zod';
import { cents, id, isoDateTime } from './common';
import { feedRunStatusSchema } from './feed';

/**
 * `GET /admin/overview`: a role's home in the admin. Each section is present only for the roles
 * that handle it (store managers: their stores with the last run of each feed, held prices and
 * open price reports of those stores; merchandisers: unmapped category aliases, held prices and
 * products without a category; admins: all of them). A section lists its first few entries and
 * counts them all.
 */
export const OVERVIEW_ENTRIES = 5;

const section = <T extends z.ZodTypeAny>(entry: T) => z.object({ entries: z.array(entry), total: z.number().int() });

export const overviewStoreSchema = z.object({
  id,
  name: z.string(),
  feeds: z.array(
    z.object({
      id,
      name: z.string(),
      lastRun: z.object({ id, status: feedRunStatusSchema, createdAt: isoDateTime, finishedAt: isoDateTime.nullable() }).nullable(),
    }),
  ),
});

export const adminOverviewSchema = z.object({
  stores: section(overviewStoreSchema).optional(),
  heldPrices: section(
    z.object({
      priceId: id,
      total: cents,
      heldSince: isoDateTime,
      product: z.object({ id, name: z.string() }),
      store: z.object({ id, name: z.string() }),
    }),
  ).optional(),
  priceReports: section(
    z.object({
      priceId: id,
      count: z.number().int(),
      lastReportedAt: isoDateTime,
      product: z.object({ id, name: z.string() }),
      store: z.object({ id, name: z.string() }),
    }),
  ).optional(),
  unmappedAliases: section(z.object({ id, path: z.string(), offerCount: z.number().int(), productCount: z.number().int() })).optional(),
  productsWithoutCategory: section(z.object({ id, name: z.string(), offerCount: z.number().int() })).optional(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
export type OverviewSection = keyof AdminOverview;
