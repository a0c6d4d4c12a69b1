/**
 * The deal score rule (docs/product.md "Honest deals"), beside the price summary that applies it
 * whenever a product's offers change; the deals feature refreshes the reference it compares with.
 */
import { sql, type SQL } from 'drizzle-orm';

/** The smallest drop below the reference that counts as a deal, in percent. */
export const MIN_DEAL_PERCENT = 5;

/**
 * The deal score of a lowest total against a reference: percent below it, one decimal, when it is
 * at least MIN_DEAL_PERCENT below; null otherwise (no reference, no offer, not lower).
 */
export function dealPercentageOf(lowest: SQL, reference: SQL): SQL {
  return sql`(case when ${reference} > 0 and ${lowest} is not null
      and ${lowest} * 100 <= ${reference} * ${100 - MIN_DEAL_PERCENT}
    then round(((${reference} - ${lowest}) * 100.0 / ${reference})::numeric, 1)::real end)`;
}
