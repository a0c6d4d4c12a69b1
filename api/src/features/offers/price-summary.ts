/**
 * Keeps each product's price summary (`product_prices`: lowest offer, its store, highest total,
 * offer count, and the change of the lowest total) in step with its visible offers
 * (visible-offers.ts: a hidden offer never counts), so list queries never aggregate the prices
 * table. Call it after any change of offers, in the same transaction, with the ids of the products
 * touched.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealPercentageOf } from './deal-score';
import { visibleOffer } from './visible-offers';

/**
 * Products with their price summary as `p` and `pp` (every product has one, migration 0030): what
 * a query reads when it shows or sorts by the summary.
 */
export const PRODUCTS_WITH_PRICES = sql`products p join product_prices pp on pp.product_id = p.id`;

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
  const dealPercentage = dealPercentageOf(sql`lowest.total`, sql`s.reference_total`);
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
    ),
    changed as (
      update product_prices s set
        lowest_price_id = lowest.id,
        lowest_total = lowest.total,
        lowest_store_id = lowest.store_id,
        highest_total = agg.highest,
        offer_count = coalesce(agg.offers, 0),
        price_change = case
          when lowest.total is not null and s.lowest_total is not null and lowest.total <> s.lowest_total
            then lowest.total - s.lowest_total
          else s.price_change end,
        percentage_change = case
          when lowest.total is not null and s.lowest_total is not null and lowest.total <> s.lowest_total and s.lowest_total > 0
            then round(((lowest.total - s.lowest_total) * 100.0 / s.lowest_total)::numeric, 1)::real
          else s.percentage_change end,
        deal_percentage = ${dealPercentage}
      from ids
      left join lowest on lowest.product_id = ids.id
      left join agg on agg.product_id = ids.id
      where s.product_id = ids.id
        -- Only summaries that change are written: a re-import changes many offers that are not
        -- their product's lowest. The change of the lowest total follows lowest_total.
        and (s.lowest_price_id, s.lowest_total, s.lowest_store_id, s.highest_total, s.offer_count, s.deal_percentage)
          is distinct from (lowest.id, lowest.total, lowest.store_id, agg.highest, coalesce(agg.offers, 0), ${dealPercentage})
      returning s.product_id)
    -- A new price is a change of its product (its sitemap lastmod); updated_at has no index, so
    -- this write stays on the product's page without touching its indexes.
    update products p set updated_at = now() from changed where p.id = changed.product_id
  `);
}
