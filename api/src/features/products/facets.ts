/**
 * Filter options (brands, stores, categories) of the products a list would show. Each is
 * taken from at most RESULT_WINDOW matching products, so a broad filter stays cheap.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intArray } from '../../db/sql';
import { RESULT_WINDOW, searchResultIds, whereClause } from './product-list';
import { selectRows } from '../../db/sql';
import { offerAlias, visibleOffer } from '../offers/visible-offers';

const o = offerAlias('o');

/** Options lists are capped like every selector list (docs/product.md §9). */
const OPTIONS_LIMIT = 1000;

const matching = (where: SQL) => sql`(select p.id, p.brand from products p where ${where} limit ${RESULT_WINDOW})`;

export async function brandOptions(db: Database, where: SQL): Promise<string[]> {
  const rows = await selectRows<{ brand: string }>(
    db,
    sql`select m.brand from ${matching(where)} m where m.brand is not null and m.brand <> ''
        group by m.brand order by lower(m.brand), m.brand limit ${OPTIONS_LIMIT}`,
  );
  return rows.map((row) => row.brand);
}

export async function storeOptions(db: Database, where: SQL): Promise<{ id: number; name: string }[]> {
  return selectRows(
    db,
    sql`select s.id, s.name from stores s where s.id in (
          select o.store_id from ${matching(where)} m join prices o on o.product_id = m.id and ${visibleOffer(o)})
        order by lower(s.name) limit ${OPTIONS_LIMIT}`,
  );
}

export async function categoryOptions(db: Database, where: SQL): Promise<{ id: number; name: string; slug: string }[]> {
  return selectRows(
    db,
    sql`select c.id, c.name, c.slug from categories c where c.id in (
          select pc.category_id from ${matching(where)} m join product_categories pc on pc.product_id = m.id)
        order by lower(c.name) limit ${OPTIONS_LIMIT}`,
  );
}

export const allBrands = (db: Database) => brandOptions(db, sql`p.brand is not null`);

/** Brands, stores and categories of a search's matches (read from the search cache its list filled). */
export async function searchFacets(db: Database, search: string | undefined) {
  const where = search
    ? sql`p.id = any(${intArray(await searchResultIds(db, { search, sortBy: 'relevance', sortOrder: 'desc' }))})`
    : whereClause({});
  const [brands, stores, categories] = await Promise.all([
    brandOptions(db, where),
    storeOptions(db, where),
    categoryOptions(db, where),
  ]);
  return { brands, stores, categories };
}
