/**
 * The members of a small category held in memory per catalogue version: each member's brand,
 * lowest total and readable specification values. A category page or its facets filtered by brand,
 * price, store or specifications is answered from them: every combination of filters a visitor
 * clicks through costs no query beyond the page's rows, where SQL would plan and run a statement of
 * one EXISTS per filter (and, for facets, one per active filter) for each new combination.
 *
 * The catalogue version moves with every write that changes a member, a brand, a price, an offer or
 * a value (statement triggers), so a change shows at once; entries also expire like every memo.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prices, productSpecificationValues as v } from '../../db/schema';
import { intArray, selectRows } from '../../db/sql';
import { memoByCatalogVersion } from '../../http/catalog-version';
import { visibleOffer } from '../offers/visible-offers';
import { PRODUCTS_WITH_PRICES } from '../offers/price-summary';
import { readableValue } from '../specifications/coverage';
import { specConditionHolds, type SpecCondition, type SpecValue } from '../specifications/filters';

/**
 * A category list of at most this many products is sorted from its members, and filtered in memory
 * from them. Walking a sort's index and keeping the category's products finds a page at once when
 * they are spread over the index, but the planner assumes they are: a category of expensive
 * products sorted by price walked 60,000 entries of the price index for its fifth page. Reading
 * every member and sorting them costs in proportion to the category instead; above this size a
 * category is a large share of the catalogue, whose products the walk meets early.
 */
export const MEMBER_SORT_LIMIT = 5_000;

export interface Member {
  id: number;
  brand: string | null;
  lowestTotal: number | null;
  /** Readable values by field id. */
  values: Map<number, SpecValue>;
}

/** Members by product id, in ascending id order. */
export type CategoryMembers = Map<number, Member>;

/** The filters that can be applied to kept members (everything else goes to SQL). */
export interface MemberFilters {
  brand?: string;
  minPrice?: number;
  maxPrice?: number;
  storeId?: number;
  spec?: SpecCondition[];
}

/**
 * The distinct products of the categories (column product_id), at most one past MEMBER_SORT_LIMIT.
 * The memberships are cut off before any product is read, so a large category costs little.
 */
export const memberIds = (categoryIds: number[]): SQL =>
  sql`select distinct product_id from product_categories where category_id = any(${intArray(categoryIds)}) limit ${MEMBER_SORT_LIMIT + 1}`;

/** `memberIds` as the CTE `members`. */
export const membersCte = (categoryIds: number[]): SQL => sql`with members as materialized (${memberIds(categoryIds)})`;

async function loadMembers(db: Database, categoryIds: number[]): Promise<CategoryMembers | null> {
  const rows = await selectRows<{ id: number; brand: string | null; lowestTotal: number | null }>(
    db,
    sql`${membersCte(categoryIds)}
        select p.id, p.brand, pp.lowest_total as "lowestTotal" from ${PRODUCTS_WITH_PRICES}
        where p.id in (select product_id from members) order by p.id`,
  );
  if (rows.length > MEMBER_SORT_LIMIT) return null;
  const members: CategoryMembers = new Map(rows.map((row) => [row.id, { ...row, values: new Map() }]));
  if (!rows.length) return members;
  const values = await selectRows<SpecValue & { productId: number; fieldId: number }>(
    db,
    sql`select ${v.productId} as "productId", ${v.fieldId} as "fieldId", ${v.numberValue} as "numberValue",
          ${v.booleanValue} as "booleanValue", ${v.listValue} as "listValue"
        from ${v} where ${v.productId} = any(${intArray(rows.map((row) => row.id))}) and ${readableValue}`,
  );
  for (const { productId, fieldId, ...value } of values) members.get(productId)?.values.set(fieldId, value);
  return members;
}

/**
 * The members of `categoryIds` at the catalogue `version`, or null when there are more than
 * MEMBER_SORT_LIMIT (those lists stay in SQL). Shared between requests: never mutate.
 */
export function keptMembers(db: Database, categoryIds: number[], version: string): Promise<CategoryMembers | null> {
  const ids = [...new Set(categoryIds)].sort((a, b) => a - b);
  return memoByCatalogVersion(db, `category-members:${ids.join(',')}`, version, () => loadMembers(db, ids));
}

/** The members with a visible offer of the store, once per catalogue version. */
function membersInStore(db: Database, members: CategoryMembers, categoryIds: number[], storeId: number, version: string): Promise<Set<number>> {
  const ids = [...new Set(categoryIds)].sort((a, b) => a - b);
  return memoByCatalogVersion(db, `category-members-in-store:${ids.join(',')}:${storeId}`, version, async () => {
    const rows = await selectRows<{ id: number }>(
      db,
      sql`select distinct ${prices.productId} as id from ${prices}
          where ${prices.productId} = any(${intArray([...members.keys()])}) and ${prices.storeId} = ${storeId} and ${visibleOffer()}`,
    );
    return new Set(rows.map((row) => row.id));
  });
}

/**
 * The test of a member against the list's brand, price and store filters (as `whereClause` has
 * them), and one against those and every specification filter.
 */
export async function memberTests(
  db: Database,
  members: CategoryMembers,
  categoryIds: number[],
  filters: MemberFilters,
  version: string,
): Promise<{ others: (member: Member) => boolean; all: (member: Member) => boolean }> {
  const inStore = filters.storeId === undefined ? undefined : await membersInStore(db, members, categoryIds, filters.storeId, version);
  const { brand, minPrice, maxPrice } = filters;
  const others = (member: Member) =>
    (!brand || member.brand === brand) &&
    (minPrice === undefined || (member.lowestTotal !== null && member.lowestTotal >= minPrice)) &&
    (maxPrice === undefined || (member.lowestTotal !== null && member.lowestTotal <= maxPrice)) &&
    (!inStore || inStore.has(member.id));
  const spec = filters.spec ?? [];
  const all = (member: Member) => others(member) && spec.every((condition) => specConditionHolds(condition, member.values.get(condition.fieldId)));
  return { others, all };
}
