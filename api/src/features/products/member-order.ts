/**
 * The orders of a category list of few members (at most MEMBER_SORT_LIMIT), by every sort (the
 * manual one for a single category), from one statement that reads the members once. Ranking a
 * sort in SQL reads every member's product row (an index probe and a heap page per member, nearly
 * all of a ranking's cost), so a category asked in several sorts read its members once per sort;
 * here the first sort asked reads them once for all, and the database orders them by each key (its
 * collation orders names, its timestamps have microseconds, its floats NaN), each order sent as one
 * text of ids.
 *
 * Kept like ranked ids (search-cache.ts, per search_result_version, which every write of a key but
 * a view count moves) and, as views move without it, no longer than a cached answer may be
 * (MAX_CACHE_AGE_MS).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/sql';
import { MAX_CACHE_AGE_MS } from '../../http/catalog-version';
import { MEMBER_SORT_LIMIT, memberIds } from './category-members';
import { keptWhileResultsStand } from './search-cache';
import { PRODUCTS_WITH_PRICES } from '../offers/price-summary';

/** Each ordering's key as product-list.ts `orderBy` sorts it; a key that can be null sorts nulls last either way. */
const ORDERINGS = {
  lowestTotal: sql`pp.lowest_total`,
  priceChange: sql`pp.price_change`,
  percentageChange: sql`pp.percentage_change`,
  views: sql`p.views`,
  name: sql`lower(p.name)`,
  createdAt: sql`p.created_at`,
} satisfies Record<string, SQL>;

type Ordering = keyof typeof ORDERINGS;

/** The sorts served from the kept orders, with the ordering each follows. */
const orderingOf = {
  'lowestPrice.total': 'lowestTotal',
  priceChange: 'priceChange',
  percentageChange: 'percentageChange',
  views: 'views',
  // Relevance without a search term is the order by views.
  relevance: 'views',
  name: 'name',
  createdAt: 'createdAt',
} satisfies Record<string, Ordering>;

/** The sorts served from the kept orders; 'manual' for a list of one category, whose order it is. */
export type MemberSort = keyof typeof orderingOf | 'manual';

export const isMemberSort = (sortBy: string): sortBy is Exclude<MemberSort, 'manual'> => Object.hasOwn(orderingOf, sortBy);

/**
 * The manual order of a single category, each direction of its own: product-list.ts breaks ties of
 * the sort order newest first in both, so one is not the other reversed.
 */
type ManualOrders = { manualAsc: string | null; manualDesc: string | null };

type OrdersRow = { members: number } & Record<Ordering, string | null> & Record<`${Ordering}Set`, number> & Partial<ManualOrders>;

/**
 * Per ordering the members' ids ascending (key, then id; nulls last) as one comma-separated text,
 * and how many members have the key; the orders parsed or reversed so far, shared by every caller.
 */
interface KeptOrders {
  row: OrdersRow;
  ids: Map<string, number[]>;
}

const orderColumns = sql.join(
  Object.entries(ORDERINGS).map(
    ([name, key]) =>
      sql`string_agg(p.id::text, ',' order by ${key}, p.id) as ${sql.identifier(name)}, count(${key})::int as ${sql.identifier(`${name}Set`)}`,
  ),
  sql`, `,
);

const manualColumns = sql.join(
  (['asc', 'desc'] as const).map(
    (direction) =>
      sql`string_agg(p.id::text, ',' order by m.sort_order ${sql.raw(direction)}, p.created_at desc, p.id desc) as ${sql.identifier(`manual${direction === 'asc' ? 'Asc' : 'Desc'}`)}`,
  ),
  sql`, `,
);

async function loadOrders(db: Database, categoryIds: number[]): Promise<KeptOrders | null> {
  // Not prepared: a generic plan, not knowing how many categories are asked, finds the distinct
  // members by walking the whole membership primary key, where a custom plan reads the categories'
  // own index entries. One primary-key probe per member (= any of an array) costs less than a
  // semi-join, which hashes the members again. A single category's memberships are distinct
  // already and carry its manual order.
  const [categoryId] = categoryIds;
  const query =
    categoryIds.length === 1
      ? sql`select count(*)::int as members, ${orderColumns}, ${manualColumns}
          from (select product_id, sort_order from product_categories where category_id = ${categoryId} limit ${MEMBER_SORT_LIMIT + 1}) m
          join ${PRODUCTS_WITH_PRICES} on p.id = m.product_id`
      : sql`select count(*)::int as members, ${orderColumns}
          from ${PRODUCTS_WITH_PRICES} where p.id = any(array(${memberIds(categoryIds)}))`;
  const [row] = await selectRows<OrdersRow>(db, query);
  return !row || row.members > MEMBER_SORT_LIMIT ? null : { row, ids: new Map() };
}

/** The order `name` of a kept row, made by `make` on first use and shared by every caller after. */
function once({ ids }: KeptOrders, name: string, make: () => number[]): number[] {
  let order = ids.get(name);
  if (!order) ids.set(name, (order = make()));
  return order;
}

const idList = (text: string | null | undefined) => (text ? text.split(',').map(Number) : []);

/** The manual order kept for a single category; null when the row is of several categories. */
function manualIds(kept: KeptOrders, sortOrder: 'asc' | 'desc'): number[] | null {
  const { manualAsc, manualDesc } = kept.row;
  if (manualAsc === undefined) return null;
  return once(kept, `manual:${sortOrder}`, () => idList(sortOrder === 'asc' ? manualAsc : manualDesc));
}

/**
 * A descending order is the ascending one reversed, but for the members without the key, which
 * stay last (in descending id order).
 */
function idsOf(kept: KeptOrders, ordering: Ordering, sortOrder: 'asc' | 'desc'): number[] {
  return once(kept, `${ordering}:${sortOrder}`, () => {
    const ascending = idList(kept.row[ordering]);
    if (sortOrder === 'asc') return ascending;
    const withKey = kept.row[`${ordering}Set`];
    return [...ascending.slice(0, withKey).reverse(), ...ascending.slice(withKey).reverse()];
  });
}

/**
 * The ids of the categories' products in the list order of `sortBy` and `sortOrder` (the order the
 * list's ranking query gives), or null when the categories have more than MEMBER_SORT_LIMIT
 * products, or when the manual order is asked of several. `version`: the search_result_version the
 * caller has read for this request, if it has. Shared between requests: never mutate.
 */
export async function memberOrder(
  db: Database,
  categoryIds: number[],
  sortBy: MemberSort,
  sortOrder: 'asc' | 'desc',
  version?: string,
): Promise<number[] | null> {
  const ids = [...new Set(categoryIds)].sort((a, b) => a - b);
  const kept = await keptWhileResultsStand(db, `member-orders:${ids.join(',')}`, () => loadOrders(db, ids), {
    maxAgeMs: MAX_CACHE_AGE_MS,
    version,
  });
  if (!kept) return null;
  return sortBy === 'manual' ? manualIds(kept, sortOrder) : idsOf(kept, orderingOf[sortBy], sortOrder);
}
