/**
 * The orders of a category list of few members (at most MEMBER_SORT_LIMIT), by every sort but the
 * manual one, from one read of the members' sort keys. Ranking a sort in SQL reads every member's
 * product row (an index probe and a heap page per member, nearly all of a ranking's cost), so a
 * category asked in several sorts read its members once per sort; here the first sort asked reads
 * them for all. The keys are kept like ranked ids (search-cache.ts, per search_result_version, which
 * every write of a key but a view count moves) and, as views move without it, no longer than a
 * cached answer may be (MAX_CACHE_AGE_MS). Names and dates are ranked by the database: its
 * collation orders names, and its timestamps have microseconds a JavaScript date drops.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectPreparedRows } from '../../db/sql';
import { MAX_CACHE_AGE_MS } from '../../http/catalog-version';
import { MEMBER_SORT_LIMIT, membersCte } from './category-members';
import { keptWhileResultsStand } from './search-cache';

interface MemberSortKeys {
  id: number;
  lowestTotal: number | null;
  priceChange: number | null;
  percentageChange: number | null;
  views: number;
  /** Positions in the orders of (lower(name), id) and of (created_at, id). */
  nameRank: number;
  createdRank: number;
}

/** Each sort's key, as product-list.ts `orderBy` has it; a key that can be null sorts nulls last either way. */
const sortKeyOf = {
  'lowestPrice.total': (member: MemberSortKeys) => member.lowestTotal,
  priceChange: (member: MemberSortKeys) => member.priceChange,
  percentageChange: (member: MemberSortKeys) => member.percentageChange,
  views: (member: MemberSortKeys) => member.views,
  // Relevance without a search term is the order by views.
  relevance: (member: MemberSortKeys) => member.views,
  name: (member: MemberSortKeys) => member.nameRank,
  createdAt: (member: MemberSortKeys) => member.createdRank,
} satisfies Record<string, (member: MemberSortKeys) => number | null>;

export type MemberSort = keyof typeof sortKeyOf;

export const isMemberSort = (sortBy: string): sortBy is MemberSort => Object.hasOwn(sortKeyOf, sortBy);

/**
 * The members' keys with the orders taken from them so far: an order is taken once per read of the
 * keys and shared by every caller (never mutated once taken).
 */
interface KeptKeys {
  members: MemberSortKeys[];
  orders: Map<string, number[]>;
}

async function loadKeys(db: Database, categoryIds: number[]): Promise<KeptKeys | null> {
  const members = await selectPreparedRows<MemberSortKeys>(
    db,
    sql`${membersCte(categoryIds)}
        select p.id, p.lowest_total as "lowestTotal", p.price_change as "priceChange", p.percentage_change as "percentageChange", p.views,
          (row_number() over (order by lower(p.name), p.id))::int as "nameRank",
          (row_number() over (order by p.created_at, p.id))::int as "createdRank"
        from products p where p.id in (select product_id from members)`,
  );
  return members.length > MEMBER_SORT_LIMIT ? null : { members, orders: new Map() };
}

/** PostgreSQL's order of floats: NaN above every number. */
const compareNumbers = (a: number, b: number) =>
  Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : Number.isNaN(b) ? -1 : a < b ? -1 : a > b ? 1 : 0;

function orderOf(members: MemberSortKeys[], sortBy: MemberSort, sortOrder: 'asc' | 'desc'): number[] {
  const sign = sortOrder === 'asc' ? 1 : -1;
  const key = sortKeyOf[sortBy];
  const compare = (a: MemberSortKeys, b: MemberSortKeys) => {
    const [x, y] = [key(a), key(b)];
    if (x === null || y === null) return x === y ? sign * (a.id - b.id) : x === null ? 1 : -1;
    return sign * (compareNumbers(x, y) || a.id - b.id);
  };
  return [...members].sort(compare).map((member) => member.id);
}

/**
 * The ids of the categories' products in the list order of `sortBy` and `sortOrder` (the same as
 * the list's ranking query gives), or null when the categories have more than MEMBER_SORT_LIMIT
 * products. `version`: the search_result_version the caller has read for this request, if it has.
 * Shared between requests: never mutate.
 */
export async function memberOrder(
  db: Database,
  categoryIds: number[],
  sortBy: MemberSort,
  sortOrder: 'asc' | 'desc',
  version?: string,
): Promise<number[] | null> {
  const ids = [...new Set(categoryIds)].sort((a, b) => a - b);
  const kept = await keptWhileResultsStand(db, `member-sort-keys:${ids.join(',')}`, () => loadKeys(db, ids), {
    maxAgeMs: MAX_CACHE_AGE_MS,
    version,
  });
  if (!kept) return null;
  const name = `${sortBy}:${sortOrder}`;
  let order = kept.orders.get(name);
  if (!order) kept.orders.set(name, (order = orderOf(kept.members, sortBy, sortOrder)));
  return order;
}
