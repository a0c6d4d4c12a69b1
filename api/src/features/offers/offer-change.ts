/**
 * What every change of an offer's total does, whether a feed run or an admin made it: the
 * change against the previous total (absolute and percent, one decimal) and a price history
 * entry. Product summaries follow through price-summary.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** The absolute change from the old total to the new one, in cents. */
export function priceChangeOf(newTotal: SQL, oldTotal: SQL): SQL {
  return sql`(${newTotal} - ${oldTotal})`;
}

/** The percent change, one decimal; null when the old total was 0. */
export function percentageChangeOf(newTotal: SQL, oldTotal: SQL): SQL {
  return sql`(case when ${oldTotal} > 0 then round(((${newTotal} - ${oldTotal}) * 100.0 / ${oldTotal})::numeric, 1)::real end)`;
}

/**
 * Appends the current amount, shipping and total of the given offers to the price history, in
 * offer order: the history's indexes (by offer, by product) then take their entries page by page.
 */
export async function appendPriceHistory(db: Pick<Database, 'execute'>, priceIdsQuery: SQL): Promise<void> {
  await db.execute(sql`
    insert into price_history (price_id, product_id, store_id, amount, shipping, total)
    select id, product_id, store_id, amount, shipping, total from prices where id in (${priceIdsQuery}) order by id`);
}
