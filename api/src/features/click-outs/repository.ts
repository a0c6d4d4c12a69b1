/** Data access of click-outs: one row per visit to a store's offer. */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { ClickOut } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { clickOuts, prices, products, stores } from '../../db/schema';

/**
 * Stores a click-out. Ids that no longer exist (a product deleted meanwhile) are stored as
 * null rather than refused: the visit happened all the same.
 */
export async function recordClickOut(db: Database, clickOut: ClickOut, userId: number | null): Promise<void> {
  const existing = (table: typeof products | typeof stores | typeof prices, id: number | null) =>
    sql`(select ${table.id} from ${table} where ${table.id} = ${id}::int)`;
  await db.insert(clickOuts).values({
    productId: existing(products, clickOut.product.id),
    storeId: existing(stores, clickOut.store.id),
    priceId: existing(prices, clickOut.priceId ?? null),
    userId,
    redirectUrl: clickOut.redirectUrl,
    currentPrice: clickOut.pricing.current,
    lowestPrice: clickOut.pricing.lowest ?? null,
    payload: { ...clickOut, user: { isLoggedIn: userId !== null } },
  });
}

/** Whether the offer exists but is hidden from visitors (offers/visible-offers.ts). */
export async function isHiddenOffer(db: Database, priceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: prices.id })
    .from(prices)
    .where(and(eq(prices.id, priceId), isNotNull(prices.hiddenReason)));
  return row !== undefined;
}
