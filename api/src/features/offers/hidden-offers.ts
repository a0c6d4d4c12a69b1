/**
 * Offers hidden from visitors (visible-offers.ts) that become visible again.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prices } from '../../db/schema';
import { selectRows } from '../../db/sql';
import { refreshPriceSummaries } from './price-summary';

/**
 * A feed run shows again the offers hidden after reports that it carries (`carried`: the ids
 * of the existing offers its records matched), and refreshes their products' summaries. Call
 * it inside the run's transaction after the offers were updated. Reads only hidden offers
 * (partial index `prices_hidden_by_feed_idx`).
 */
export async function showReportedOffersCarriedByRun(db: Pick<Database, 'execute'>, feedId: number, carried: SQL): Promise<void> {
  const shown = await selectRows<{ productId: number }>(
    db,
    sql`update ${prices} set hidden_reason = null, updated_at = now()
      where ${prices.feedId} = ${feedId} and ${prices.hiddenReason} = 'reported' and ${prices.id} in (${carried})
      returning ${prices.productId} as "productId"`,
  );
  await refreshPriceSummaries(db, shown.map((row) => row.productId));
}
