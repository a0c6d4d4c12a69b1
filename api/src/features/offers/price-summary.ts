/**
 * Keeps each product's price summary (lowest offer, its store, highest total, offer count,
 * and the change of the lowest total) in step with its visible offers (visible-offers.ts: a
 * hidden offer never counts), so list queries never aggregate the prices table. Call it after
 * any change of offers, in the same transaction, with the ids of the products touched.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealPercentageOf } from './deal-score';
import { visibleOffer } from './visible-offers';

export async function refreshPriceSummaries(db: Pick<Database, 'execute'>, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = sql`${`{${[...new Set(productIds)].join(',')}}`}::int[]`;
  await refreshPriceSummariesOf(db, sql`select unnest(${ids})`);
}

/**
 * The same refresh for a set of products given as a query returning one id column, so a
 * feed run touching a million products never ships a million ids through a parameter.
 */
export async function refreshPriceSummariesOf(db: Pick<Database, 'execute'>, productIdsQuery: SQL): Promise<void> {
  const dealPercentage = dealPercentageOf(sql`lowest.total`, sql`p.reference_total`);
  await db.execute(sql`
    with ids as (select distinct id from (${productIdsQuery}) as touched(id) where id is not null),
    lowest as (
      select distinct on (product_id) product_id, id, total, store_id
      from prices
      -- An offer out of stock is shown but never the lowest price (docs/feeds.md "Availability").
      where ${visibleOffer()} and in_stock and product_id in (select id from ids)
      order by product_id, total, id
    ),
    agg as (
      select product_id, max(total) as highest, count(*)::int as offers
      from prices
      where ${visibleOffer()} and product_id in (select id from ids)
      group by product_id
    )
    update products p set
      lowest_price_id = lowest.id,
      lowest_total = lowest.total,
      lowest_store_id = lowest.store_id,
      highest_total = agg.highest,
      offer_count = coalesce(agg.offers, 0),
      price_change = case
        when lowest.total is not null and p.lowest_total is not null and lowest.total <> p.lowest_total
          then lowest.total - p.lowest_total
        else p.price_change end,
      percentage_change = case
        when lowest.total is not null and p.lowest_total is not null and lowest.total <> p.lowest_total and p.lowest_total > 0
          then round(((lowest.total - p.lowest_total) * 100.0 / p.lowest_total)::numeric, 1)::real
        else p.percentage_change end,
      deal_percentage = ${dealPercentage},
      updated_at = now()
    from ids
    left join lowest on lowest.product_id = ids.id
    left join agg on agg.product_id = ids.id
    where p.id = ids.id
      -- Only rows whose summary changes are written (each write touches every index of products,
      -- and bumps the product's updated_at, its sitemap lastmod): a re-import changes many offers
      -- that are not their product's lowest. The change of the lowest total follows lowest_total.
      and (p.lowest_price_id, p.lowest_total, p.lowest_store_id, p.highest_total, p.offer_count, p.deal_percentage)
        is distinct from (lowest.id, lowest.total, lowest.store_id, agg.highest, coalesce(agg.offers, 0), ${dealPercentage})
  `);
}
