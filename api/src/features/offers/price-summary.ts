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

/**
 * A product's updatedAt (its sitemap lastmod), read from `PRODUCTS_WITH_PRICES`: the later of an
 * edit of the product and a change of its price summary. A feed run that moves many lowest prices
 * writes only their summaries, never the products' own rows.
 */
export const PRODUCT_UPDATED_AT = sql`greatest(p.updated_at, pp.updated_at)`;

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
  const dealPercentage = dealPercentageOf(sql`summary.lowest_total`, sql`s.reference_total`);
  // The ids in product order: the summaries are then read and written page by page, their key's
  // index entries in its order, instead of a random page per product.
  await db.execute(sql`
    with ids as (select distinct id from (${productIdsQuery}) as touched(id) where id is not null order by id),
    -- One pass over the products' visible offers: the first row of each product is its lowest
    -- offer in stock (an offer out of stock is shown but never the lowest price, docs/feeds.md
    -- "Availability"), and the window gives every row the product's highest total and count.
    summary as (
      select distinct on (product_id) product_id,
        case when in_stock then id end as lowest_id, case when in_stock then total end as lowest_total,
        case when in_stock then store_id end as lowest_store_id,
        max(total) over offers as highest, count(*) over offers as offers
      from prices
      where ${visibleOffer()} and product_id in (select id from ids)
      window offers as (partition by product_id)
      order by product_id, in_stock desc, total, id
    )
    update product_prices s set
        lowest_price_id = summary.lowest_id,
        lowest_total = summary.lowest_total,
        lowest_store_id = summary.lowest_store_id,
        highest_total = summary.highest,
        offer_count = coalesce(summary.offers, 0),
        price_change = case
          when summary.lowest_total is not null and s.lowest_total is not null and summary.lowest_total <> s.lowest_total
            then summary.lowest_total - s.lowest_total
          else s.price_change end,
        percentage_change = case
          when summary.lowest_total is not null and s.lowest_total is not null and summary.lowest_total <> s.lowest_total and s.lowest_total > 0
            then round(((summary.lowest_total - s.lowest_total) * 100.0 / s.lowest_total)::numeric, 1)::real
          else s.percentage_change end,
        deal_percentage = ${dealPercentage},
        updated_at = now()
      from ids
      left join summary on summary.product_id = ids.id
      where s.product_id = ids.id
        -- Only summaries that change are written: a re-import changes many offers that are not
        -- their product's lowest. The change of the lowest total follows lowest_total.
        and (s.lowest_price_id, s.lowest_total, s.lowest_store_id, s.highest_total, s.offer_count, s.deal_percentage)
          is distinct from (summary.lowest_id, summary.lowest_total, summary.lowest_store_id, summary.highest, coalesce(summary.offers, 0), ${dealPercentage})
  `);
}
