/**
 * Honest deals (docs/product.md "Honest deals"): each product's reference price, the median
 * of its daily lowest total over the previous 30 days, and its deal score, how far (percent) today's
 * lowest total is below that reference. Both are columns of the price summary (`product_prices`),
 * so the /deals list is an indexed query: the reference is refreshed once a day (set-based, from
 * `price_history`), the deal score whenever the product's lowest price changes (offers/deal-score.ts,
 * used by price-summary.ts).
 * Also the check of a feed's "from" price against the store's own history of the last 30 days.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { referencePriceDays } from '../../db/schema';
import { selectRows } from '../../db/sql';
import { dailyLowestSql } from '../price-history/repository';
import { dealPercentageOf } from '../offers/deal-score';

/** Days before today whose lowest totals make the reference price. */
export const REFERENCE_DAYS = 30;
/** Days with a price (of those 30) a reference needs: a product listed yesterday has no usual price yet. */
export const MIN_REFERENCE_DAYS = 14;
/** How far back a store must have charged a "from" price for it to be shown. */
export const FROM_PRICE_DAYS = 30;

/** Today (UTC): the day whose prices are "today's", excluded from the reference. */
const today = sql`(now() at time zone 'UTC')::date`;
/** Midnight UTC starting the first day of the reference window. */
const windowStart = sql`((${today} - ${REFERENCE_DAYS}::int)::timestamp at time zone 'UTC')`;

/**
 * Recomputes every product's reference price and deal score for today. Products whose offers
 * changed since the window opened get the median of their daily lowest totals (the lowest total in
 * force at the end of each day, price-history/repository.ts) over the previous REFERENCE_DAYS days
 * (when at least MIN_REFERENCE_DAYS days had a price); the others kept one lowest total the whole
 * window, which is then their reference. Returns how many products have a reference.
 */
export async function refreshReferencePrices(db: Pick<Database, 'execute'>): Promise<number> {
  const changed = sql`select distinct h.product_id from price_history h where h.recorded_at >= ${windowStart}`;
  await db.execute(sql`
    with changed as (${changed}),
    daily as (${dailyLowestSql(sql`select product_id from changed`, { days: REFERENCE_DAYS + 1 })}),
    medians as (
      select product_id, round(percentile_cont(0.5) within group (order by total))::int as median, count(*)::int as days
      from daily where day < ${today} group by product_id
    ),
    reference as (
      select c.product_id, case when m.days >= ${MIN_REFERENCE_DAYS} then m.median end as total
      from changed c left join medians m on m.product_id = c.product_id
    )
    update product_prices s set
      reference_total = r.total,
      deal_percentage = ${dealPercentageOf(sql`s.lowest_total`, sql`r.total`)}
    from reference r
    where s.product_id = r.product_id
      and (s.reference_total is distinct from r.total
        or s.deal_percentage is distinct from ${dealPercentageOf(sql`s.lowest_total`, sql`r.total`)})`);
  // Unchanged for the whole window (history only before it): the reference is the lowest total.
  await db.execute(sql`
    update product_prices s set reference_total = s.lowest_total, deal_percentage = null
    where s.lowest_total is not null
      and (s.reference_total is distinct from s.lowest_total or s.deal_percentage is not null)
      and not exists (select 1 from price_history h where h.product_id = s.product_id and h.recorded_at >= ${windowStart})
      and exists (select 1 from price_history h where h.product_id = s.product_id)`);
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from product_prices where reference_total is not null`,
  );
  return row?.count ?? 0;
}

/**
 * Today's refresh, once per day whichever instance gets there first: the day's row is claimed
 * in the same transaction as the refresh, so a second instance waits and then finds it done.
 * Returns false when today was already done.
 */
export async function refreshReferencePricesOnce(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(referencePriceDays)
      .values({ day: sql`${today}` })
      .onConflictDoNothing()
      .returning({ day: referencePriceDays.day });
    if (claimed.length === 0) return false;
    const count = await refreshReferencePrices(tx);
    await tx.update(referencePriceDays).set({ products: count }).where(eq(referencePriceDays.day, claimed[0]!.day));
    return true;
  });
}

/**
 * Keeps a feed run's "from" prices only where the store charged that amount in the last
 * FROM_PRICE_DAYS days (an entry of the offer's history recorded in that time, or the one in
 * force when it began); others are dropped. Runs inside the apply transaction after the offers
 * were written, over the run's staged records (`staged`, the run's staging table). Returns the
 * dropped ones (record position, amount in euros) for the run's problems.
 */
export async function keepVerifiedFromPrices(
  tx: Pick<Database, 'execute'>,
  staged: SQL,
  runId: number,
  storeId: number,
): Promise<{ position: number; value: string | null }[]> {
  const since = sql`now() - make_interval(days => ${FROM_PRICE_DAYS})`;
  return selectRows<{ position: number; value: string | null }>(
    tx,
    sql`
    with checked as (
      select s."position", s.from_amount, o.id as price_id,
        s.from_amount is not null and exists (
          select 1 from price_history h
          where h.price_id = o.id and h.amount = s.from_amount
            and (h.recorded_at >= ${since} or h.id = (
              select b.id from price_history b where b.price_id = o.id and b.recorded_at < ${since}
              order by b.recorded_at desc, b.id desc limit 1))) as verified
      from ${staged} s join prices o on o.product_id = s.product_id and o.store_id = ${storeId}
      where s.run_id = ${runId} and (s.from_amount is not null or o.from_amount is not null)
    ),
    kept as (
      update prices o set from_amount = case when c.verified then c.from_amount end
      from checked c
      where o.id = c.price_id and o.from_amount is distinct from (case when c.verified then c.from_amount end)
      returning o.id
    )
    select c."position", to_char(c.from_amount / 100.0, 'FM999999990.00') as value
    from checked c where c.from_amount is not null and not c.verified
    order by c."position"`,
  );
}
