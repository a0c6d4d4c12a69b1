/**
 * Product counts of categories: direct members, and distinct products anywhere in each
 * category's subtree (what a visitor reads as "n products").
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intArray, selectRows } from '../../db/sql';

export interface CategoryCounts {
  products: number;
  computedProducts: number;
  childCategories: number;
}

/**
 * Subtree counts read every membership below a category (all 100,000 products for a top
 * category of the large catalogue), so each instance keeps them while the database's
 * category_membership_version sequence (moved by statement triggers on product_categories and
 * categories) stays the same, and at most a minute in any case.
 */
const COUNTS_MAX_AGE_MS = 60_000;
interface CachedCounts {
  version: string;
  at: number;
  counts: Map<number, CategoryCounts>;
}
const cachedCounts = new WeakMap<Database, CachedCounts>();

async function membershipVersion(db: Database): Promise<string> {
  const [row] = await selectRows<{ version: string }>(db, sql`select last_value::text || is_called::text as version from category_membership_version`);
  return row?.version ?? '';
}

export async function countsOf(db: Database, categoryIds: number[]): Promise<Map<number, CategoryCounts>> {
  if (!categoryIds.length) return new Map();
  const version = await membershipVersion(db);
  let cache = cachedCounts.get(db);
  if (!cache || cache.version !== version || Date.now() - cache.at > COUNTS_MAX_AGE_MS) {
    cache = { version, at: Date.now(), counts: new Map() };
    cachedCounts.set(db, cache);
  }
  const missing = categoryIds.filter((id) => !cache.counts.has(id));
  if (missing.length) for (const [id, counts] of await countNow(db, missing)) cache.counts.set(id, counts);
  return new Map(categoryIds.flatMap((id) => (cache.counts.has(id) ? [[id, cache.counts.get(id)!] as const] : [])));
}

async function countNow(db: Database, categoryIds: number[]): Promise<Map<number, CategoryCounts>> {
  const rows = await selectRows<{ id: number } & CategoryCounts>(
    db,
    sql`with recursive tree as (
          select id as root, id from categories where id = any(${intArray(categoryIds)})
          union all
          select tree.root, c.id from categories c join tree on c.parent_id = tree.id
        )
        select r.id,
          (select count(*)::int from product_categories pc where pc.category_id = r.id) as products,
          (select count(distinct pc.product_id)::int from tree join product_categories pc on pc.category_id = tree.id where tree.root = r.id) as "computedProducts",
          (select count(*)::int from categories c where c.parent_id = r.id) as "childCategories"
        from unnest(${intArray(categoryIds)}) as r(id)`,
  );
  return new Map(rows.map(({ id, ...counts }) => [id, counts]));
}

/** Direct member and child counts of every category, for whole trees. */
export async function allDirectCounts(db: Database): Promise<Map<number, CategoryCounts>> {
  const rows = await selectRows<{ id: number; products: number; childCategories: number }>(
    db,
    sql`select c.id,
          coalesce(pc.n, 0)::int as products,
          (select count(*)::int from categories k where k.parent_id = c.id) as "childCategories"
        from categories c
        left join (select category_id, count(*) as n from product_categories group by category_id) pc on pc.category_id = c.id`,
  );
  return new Map(rows.map(({ id, products, childCategories }) => [id, { products, computedProducts: products, childCategories }]));
}
