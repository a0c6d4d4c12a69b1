/**
 * Price history of products by day: the total (price plus shipping, cents) each store
 * asked at the end of each calendar day (UTC; today: now), and the lowest of them per day.
 *
 * `price_history` holds one row per change of an offer's total; a total holds until the offer's
 * next row, and an ended offer (`valid_to` set) stops counting from the day it ended. The daily
 * values are built set-based: per offer the last row of each day it changed (plus the last row
 * before the window, which carries into its first day), each such row valid until the offer's next
 * one, joined to the window's days. Bounded: at most one value per day per store (`prices` has
 * one offer per product and store), and only the rows inside the window plus one per offer are read.
 *
 * Reused by other features (honest deals: the median of the daily lowest): `dailyStoreTotalsSql`,
 * `dailyLowestSql` and `dailyLowestTotals` take any set of products and a window of days.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LowestInDays, PriceHistoryRange, ProductPriceHistory } from '@koopjesland/shared/entities';
import { LOWEST_IN_DAYS } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { priceHistory, prices, products, stores } from '../../db/schema';
import { selectRows, intArray } from '../../db/sql';

/** The tables as the queries below read them (`from prices o`); the `offers` CTE's columns are named explicitly. */
const offer = alias(prices, 'o');
const history = alias(priceHistory, 'h');
const store = alias(stores, 's');
const product = alias(products, 'p');

/** Days of each range ending today (today included); 'all' reaches back to the product's first recorded price (30 days at least). */
export const RANGE_DAYS: Record<Exclude<PriceHistoryRange, 'all'>, number> = { '30d': 30, '90d': 90, '1y': 365 };

/** 'all' covers at least this many days, so a young product's chart still has a time axis. */
export const MIN_ALL_DAYS = 30;

/** The longest window 'all' covers (about 5 years), so one answer stays bounded whatever the history's age. */
export const MAX_HISTORY_DAYS = 1830;

/** Today in UTC, as PostgreSQL computes it (the database's clock, not the API instance's). */
const TODAY = sql`(now() at time zone 'UTC')::date`;

/** Midnight UTC at the start of a date expression, as a timestamptz. */
const startOf = (day: SQL) => sql`((${day})::timestamp at time zone 'UTC')`;

/**
 * A window of whole days ending today: `days` = 30 covers today and the 29 days before it.
 */
export interface DayWindow {
  days: number;
}

function windowBounds({ days }: DayWindow) {
  const count = Math.max(1, Math.min(Math.trunc(days), MAX_HISTORY_DAYS));
  const first = sql`(${TODAY} - ${count - 1}::int)`;
  return { first, firstStart: startOf(first) };
}

/**
 * The offers whose history counts: every offer of the products, ended ones too (their past
 * counts until they ended). An offer hidden from visitors (`hidden_reason`: reported as a wrong
 * price, or held as implausible) is left out of every day: which of its past prices were wrong
 * is not known, and none of them may show as a lowest price.
 */
function offersOf(productIds: SQL): SQL {
  return sql`select ${offer.id} as id, ${offer.productId} as product_id, ${offer.storeId} as store_id,
      ${offer.validTo} as valid_to
    from ${prices} ${offer}
    where ${offer.productId} in (${productIds}) and ${offer.hiddenReason} is null`;
}

/**
 * A `with` clause whose `segments` (`price_id, starts, ends, total`) are each offer's totals over
 * the window: `total` held from the day `starts` until the day before `ends` (null: until today),
 * and `offers` (`id, product_id, store_id, valid_to`) the offers of `productIds`.
 */
function segmentsCte(productIds: SQL, window: DayWindow): SQL {
  const { first, firstStart } = windowBounds(window);
  return sql`
    with offers as (${offersOf(productIds)}),
    changes as (
      select ${history.priceId} as price_id, (${history.recordedAt} at time zone 'UTC')::date as day,
        ${history.recordedAt} as recorded_at, ${history.id} as id, ${history.total} as total
      from offers o join ${priceHistory} ${history} on ${history.priceId} = o.id
      where ${history.recordedAt} >= ${firstStart}
      union all
      select o.id, ${first}, before.recorded_at, before.id, before.total
      from offers o cross join lateral (
        select ${history.recordedAt} as recorded_at, ${history.id} as id, ${history.total} as total
        from ${priceHistory} ${history}
        where ${history.priceId} = o.id and ${history.recordedAt} < ${firstStart}
        order by ${history.recordedAt} desc, ${history.id} desc limit 1
      ) before
    ),
    last_of_day as (
      select distinct on (price_id, day) price_id, day, total
      from changes order by price_id, day, recorded_at desc, id desc
    ),
    segments as (
      select price_id, day as starts, lead(day) over (partition by price_id order by day) as ends, total
      from last_of_day
    )`;
}

/**
 * SQL selecting `product_id, store_id, day (date), total`: for each product of `productIds` (a
 * subquery or list of ids) and each day of the window, each store's total in force at the end of
 * that day (today: now). Days before a store's first recorded price or after its offer ended
 * have no row.
 */
export function dailyStoreTotalsSql(productIds: SQL, window: DayWindow): SQL {
  const { first } = windowBounds(window);
  return sql`
    ${segmentsCte(productIds, window)},
    days as (
      select d::date as day from generate_series(${first}::timestamp, ${TODAY}::timestamp, interval '1 day') d
    )
    select o.product_id, o.store_id, d.day, s.total
    from segments s
    join offers o on o.id = s.price_id
    join days d on d.day >= s.starts and (s.ends is null or d.day < s.ends)
    where o.valid_to is null or o.valid_to >= least(${startOf(sql`d.day + 1`)}, now())`;
}

/**
 * SQL selecting `product_id, day (date), total`: each product's lowest total across its stores
 * on each day of the window; days on which no store had it have no row.
 */
export function dailyLowestSql(productIds: SQL, window: DayWindow): SQL {
  return sql`select t.product_id, t.day, min(t.total)::int as total
    from (${dailyStoreTotalsSql(productIds, window)}) t group by t.product_id, t.day`;
}

export interface DailyLowest {
  productId: number;
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  /** Cents. */
  total: number;
}

/** Each product's lowest total per day over the last `window.days` days (today included), oldest first. */
export async function dailyLowestTotals(
  db: Pick<Database, 'execute'>,
  productIds: readonly number[],
  window: DayWindow,
): Promise<DailyLowest[]> {
  if (!productIds.length) return [];
  return selectRows<DailyLowest>(
    db,
    sql`select l.product_id as "productId", to_char(l.day, 'YYYY-MM-DD') as day, l.total
        from (${dailyLowestSql(sql`select unnest(${intArray(productIds)})`, window)}) l
        order by l.product_id, l.day`,
  );
}

/** The longest "lowest price in N days" that holds for today's lowest; see `productPriceHistorySchema`. */
export function lowestInDaysOf(lowestByDay: ReadonlyMap<string, number>, today: string, firstDay: string | null): LowestInDays | null {
  const current = lowestByDay.get(today);
  if (current === undefined || firstDay === null) return null;
  for (const days of LOWEST_IN_DAYS) {
    const start = addDays(today, -(days - 1));
    if (firstDay > start) continue; // the history does not cover the whole window
    let higherSeen = false;
    let holds = true;
    for (const [day, total] of lowestByDay) {
      if (day < start || day === today) continue;
      if (total < current) holds = false;
      if (total > current) higherSeen = true;
    }
    if (holds && higherSeen) return days;
  }
  return null;
}

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A product's price history for the product page, or undefined when the product does not exist.
 * Reads one year at least (for "lowest price in N days"), the whole range otherwise.
 */
export async function productPriceHistory(
  db: Pick<Database, 'execute'>,
  productId: number,
  range: PriceHistoryRange,
): Promise<ProductPriceHistory | undefined> {
  const [head] = await selectRows<{ today: string; now: number; firstDay: string | null }>(
    db,
    sql`select to_char(${TODAY}, 'YYYY-MM-DD') as today, (extract(epoch from now()) * 1000)::float8 as now,
          (select to_char(min(${history.recordedAt} at time zone 'UTC')::date, 'YYYY-MM-DD')
           from ${priceHistory} ${history}
           where ${history.priceId} in (select o.id from (${offersOf(sql`${productId}::int`)}) o)) as "firstDay"
        from ${products} ${product} where ${product.id} = ${productId}`,
  );
  if (!head) return undefined;
  const { today, now, firstDay } = head;
  const rangeDays =
    range === 'all'
      ? Math.min(MAX_HISTORY_DAYS, Math.max(MIN_ALL_DAYS, firstDay ? daysBetween(firstDay, today) + 1 : 1))
      : RANGE_DAYS[range];
  const readDays = Math.max(rangeDays, LOWEST_IN_DAYS[0]);
  // Each store's totals as segments (a few per offer), spread over the days here: as days, a year
  // of one product's ten stores is 3,650 rows to build, send and parse for every product page.
  const segments = await selectRows<{
    storeId: number;
    name: string;
    slug: string;
    starts: string;
    ends: string | null;
    total: number;
    validTo: number | null;
  }>(
    db,
    sql`${segmentsCte(sql`${productId}::int`, { days: readDays })}
        select o.store_id as "storeId", ${store.name} as name, ${store.slug} as slug,
          to_char(g.starts, 'YYYY-MM-DD') as starts, to_char(g.ends, 'YYYY-MM-DD') as ends, g.total,
          (extract(epoch from o.valid_to) * 1000)::float8 as "validTo"
        from segments g
        join offers o on o.id = g.price_id
        join ${stores} ${store} on ${store.id} = o.store_id
        order by lower(${store.name}), ${store.id}, g.starts`,
  );

  // Day i of the read window is `readDayNames[i]`; the range is its last `rangeDays` days.
  const firstRead = Date.parse(`${addDays(today, -(readDays - 1))}T00:00:00Z`);
  const readDayNames = Array.from({ length: readDays }, (_, index) => new Date(firstRead + index * DAY_MS).toISOString().slice(0, 10));
  const dayNumber = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - firstRead) / DAY_MS);
  const rangeStart = readDays - rangeDays;
  const days = readDayNames.slice(rangeStart);
  const lowestOfDay: (number | undefined)[] = new Array(readDays).fill(undefined);
  const storeLines = new Map<number, ProductPriceHistory['stores'][number]>();
  for (const segment of segments) {
    const last = segment.ends ? dayNumber(segment.ends) - 1 : readDays - 1;
    for (let day = Math.max(0, dayNumber(segment.starts)); day <= last; day++) {
      // A day counts while the offer was live at its end (today: now), as in dailyStoreTotalsSql.
      if (segment.validTo !== null && segment.validTo < Math.min(firstRead + (day + 1) * DAY_MS, now)) break;
      const lowest = lowestOfDay[day];
      if (lowest === undefined || segment.total < lowest) lowestOfDay[day] = segment.total;
      if (day < rangeStart) continue; // read for "lowest in N days" only
      let line = storeLines.get(segment.storeId);
      if (!line) {
        line = { store: { id: segment.storeId, name: segment.name, slug: segment.slug }, totals: days.map(() => null) };
        storeLines.set(segment.storeId, line);
      }
      line.totals[day - rangeStart] = segment.total;
    }
  }
  const lowestByDay = new Map<string, number>();
  lowestOfDay.forEach((total, day) => total !== undefined && lowestByDay.set(readDayNames[day]!, total));

  const lowest = days.map((day) => lowestByDay.get(day) ?? null);
  let lowestInRange: ProductPriceHistory['lowestInRange'] = null;
  let highestInRange: ProductPriceHistory['highestInRange'] = null;
  days.forEach((day, index) => {
    const total = lowest[index];
    if (total === null || total === undefined) return;
    if (!lowestInRange || total < lowestInRange.total) lowestInRange = { day, total };
    if (!highestInRange || total > highestInRange.total) highestInRange = { day, total };
  });
  return {
    productId,
    range,
    days,
    lowest,
    stores: [...storeLines.values()],
    lowestInRange,
    highestInRange,
    current: lowestByDay.get(today) ?? null,
    lowestInDays: lowestInDaysOf(lowestByDay, today, firstDay),
  };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
