/**
 * Implausible prices held, not shown (docs/feeds.md "Implausible prices").
 *
 * A feed record whose total is below `implausibleBelow` (default 1/3) or above
 * `implausibleAbove` (default 3) times the median total of the product's OTHER visible
 * offers, when there are at least two, is applied as a held offer: `hidden_reason =
 * 'implausible'` (visible-offers.ts), so it is never shown nor the lowest price; it gets no
 * price-history entry and no price change (no "drop"), and it is listed among the run's
 * problems. A merchandiser or store manager releases it (held-offers/): accept, reject or split.
 *
 * Two set-based steps inside the run's apply transaction (apply.ts):
 * - `routeReviewedRecords`, right after matching: a record of an offer that was split into its
 *   own product follows it there; a record repeating a total a person rejected is dropped.
 * - `holdImplausibleOffers`, after the offers were written and before the summaries: judges the
 *   new, re-priced and still-held offers of the run against the median of the others.
 */
import { sql } from 'drizzle-orm';
import {
  DEFAULT_IMPLAUSIBLE_ABOVE,
  DEFAULT_IMPLAUSIBLE_BELOW,
  MIN_OFFERS_FOR_PLAUSIBILITY,
  type FeedParameters,
} from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { prices, storeFeeds } from '../../db/schema';
import { selectRows } from '../../db/sql';
import { runStaging } from '../../db/run-staging';
import { offerAlias, visibleOffer } from '../offers/visible-offers';
import { refreshPriceSummaries } from '../offers/price-summary';

type Tx = Pick<Database, 'execute'>;

export interface PlausibilityTarget {
  runId: number;
  feedId: number;
  storeId: number;
}

export interface Thresholds {
  below: number;
  above: number;
}

export const REJECTED_PRICE_REASON = 'A person rejected this price for this product; the offer stays removed until its price changes';

/** A record held or dropped by these steps, for the run's problems ('implausible-price'). */
export interface HeldRecord {
  position: number;
  /** The record's total and the median it was judged against, in euros ("23.94 (median 527.00)"). */
  value: string;
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/** The feed's thresholds: its parameters, else the defaults. */
export async function thresholdsOfFeed(db: Tx, feedId: number): Promise<Thresholds> {
  const [row] = await selectRows<{ parameters: FeedParameters | null }>(
    db,
    sql`select ${storeFeeds.parameters} as parameters from ${storeFeeds} where ${storeFeeds.id} = ${feedId}`,
  );
  return {
    below: row?.parameters?.implausibleBelow ?? DEFAULT_IMPLAUSIBLE_BELOW,
    above: row?.parameters?.implausibleAbove ?? DEFAULT_IMPLAUSIBLE_ABOVE,
  };
}

/**
 * Right after matching, before duplicates are dropped: records of split offers follow their
 * product; records repeating a rejected total are removed from the run (and returned).
 */
export async function routeReviewedRecords(tx: Tx, target: PlausibilityTarget): Promise<HeldRecord[]> {
  const { runId, storeId } = target;
  await tx.execute(sql`
    update ${runStaging(runId).staged} s set product_id = ${prices.productId}
    from ${prices}
    where s.run_id = ${runId} and s.external_id is not null and ${prices.keepProduct}
      and ${prices.storeId} = ${storeId} and ${prices.externalId} = s.external_id
      and s.product_id is distinct from ${prices.productId}`);
  const dropped = await selectRows<{ position: number; total: number }>(
    tx,
    sql`delete from ${runStaging(runId).staged} s using ${prices}
      where s.run_id = ${runId} and ${prices.productId} = s.product_id and ${prices.storeId} = ${storeId}
        and ${prices.rejectedTotal} = s.total
      returning s."position" as position, s.total as total`,
  );
  return dropped.map((row) => ({ position: row.position, value: euros(row.total) }));
}

/**
 * After the run wrote its offers: holds the implausible ones and shows again the held ones
 * that became plausible. Judges only offers of the run that are new, changed total, or held:
 * an unchanged visible offer stays as it is. Returns the held records for the run's problems.
 */
export async function holdImplausibleOffers(tx: Tx, target: PlausibilityTarget): Promise<HeldRecord[]> {
  const { runId, storeId } = target;
  const { below, above } = await thresholdsOfFeed(tx, target.feedId);
  const other = offerAlias('o');
  const judged = await selectRows<{
    position: number;
    priceId: number;
    productId: number;
    total: number;
    median: number | null;
    held: boolean;
    wasHeld: boolean;
  }>(
    tx,
    sql`
    with candidates as (
      select s."position", s.name, s.brand, s.description, s.gtin, s.images, s.category_path, s.properties,
        ${prices.id} as price_id, ${prices.productId} as product_id, ${prices.total} as total,
        ${prices.acceptedTotal} as accepted_total, ${prices.hiddenReason} is not null as was_held
      from ${runStaging(runId).staged} s
      join ${prices} on ${prices.productId} = s.product_id and ${prices.storeId} = ${storeId}
      where s.run_id = ${runId} and ${prices.validTo} is null
        and (${prices.hiddenReason} = 'implausible'
          or (${prices.hiddenReason} is null and (s.price_id is null or s.total_changed)))
    ),
    verdicts as (
      select c.*, m.median,
        m.others >= ${MIN_OFFERS_FOR_PLAUSIBILITY}
          and c.total is distinct from c.accepted_total
          and (c.total < m.median * ${below}::float8 or c.total > m.median * ${above}::float8) as held
      from candidates c
      -- Per candidate, through the index on the product's current offers: linear in the run's
      -- size whatever the planner believes. (A join to the medians of all candidates, planned
      -- for the one candidate stale statistics promise, recomputed every median per candidate.)
      cross join lateral (
        select count(*)::int as others, percentile_cont(0.5) within group (order by ${other.total}) as median
        from prices o
        where ${other.productId} = c.product_id and ${other.storeId} <> ${storeId} and ${visibleOffer(other)}) m
    )
    update ${prices} set
      hidden_reason = case when v.held then 'implausible' end,
      held_record = case when v.held then jsonb_build_object(
        'name', v.name, 'brand', v.brand, 'description', v.description, 'gtin', v.gtin,
        'images', v.images, 'categoryPath', v.category_path, 'properties', v.properties) end,
      price_change = case when v.held then null else ${prices.priceChange} end,
      percentage_change = case when v.held then null else ${prices.percentageChange} end,
      updated_at = now()
    from verdicts v
    where ${prices.id} = v.price_id and (v.held or v.was_held)
    returning v."position" as position, v.price_id as "priceId", v.product_id as "productId",
      v.total as total, round(v.median)::int as median, v.held as held, v.was_held as "wasHeld"`,
  );
  const held = judged.filter((row) => row.held).sort((a, b) => a.position - b.position);
  if (held.length > 0) {
    // A held total is not part of the offer's history (its chart shows no drop); accepting it
    // appends it then. The run's own entries carry the transaction's now().
    await tx.execute(sql`
      delete from price_history
      where price_id = any(${`{${held.map((row) => row.priceId).join(',')}}`}::int[]) and recorded_at = now()`);
  }
  // apply.ts refreshes the summaries of re-priced offers; one shown again unchanged is ours.
  await refreshPriceSummaries(
    tx,
    judged.filter((row) => row.wasHeld !== row.held).map((row) => row.productId),
  );
  return held.map((row) => ({
    position: row.position,
    value: row.median === null ? euros(row.total) : `${euros(row.total)} (median ${euros(row.median)})`,
  }));
}
