/**
 * The specification facets of a product list (category page or search): the list's filters
 * with and without each specification filter, counted by specifications/filters.ts.
 */
import type { SpecificationFacet, SpecificationField } from '@koopjesland/shared/entities';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intArray, selectRows } from '../../db/sql';
import { fieldsAtVersion, fieldsOf } from '../specifications/fields';
import { readCatalogVersion } from '../../http/catalog-version';
import { readSpecConditions, specificationFacets, specificationFacetsInMemory, type SpecCondition } from '../specifications/filters';
import { keptMembers, memberTests } from './category-members';
import { searchResultIds, whereClause, type ProductFilters } from './product-list';

export interface FacetListFilters extends Omit<ProductFilters, 'spec'> {
  spec?: string;
}

/** A search's matches are read once from the search cache its list filled, not matched again per count. */
async function withoutSearch(db: Database, filters: FacetListFilters) {
  const { search, spec: _spec, ...rest } = filters;
  if (!search) return { rest, extra: sql`true` };
  const ids = await searchResultIds(db, { search, sortBy: 'relevance', sortOrder: 'desc' });
  return { rest, extra: sql`p.id = any(${intArray(ids)})` };
}

/**
 * The facets counted in memory over the category's kept members (category-members.ts), when the
 * list is narrowed by nothing else than brand, price, store, a search and specifications and the
 * category is small; null otherwise. A search narrows to its matches, as in SQL below.
 */
async function facetsOfMembers(
  db: Database,
  categoryId: number,
  filters: FacetListFilters,
  fields: SpecificationField[],
  conditions: SpecCondition[],
  version: string,
): Promise<SpecificationFacet[] | null> {
  const { search, brand, storeId, minPrice, maxPrice, categoryIds = [categoryId], spec: _spec, ...others } = filters;
  if (Object.values(others).some((value) => value !== undefined)) return null;
  const members = await keptMembers(db, categoryIds, version);
  if (!members) return null;
  const [found, { others: passes }] = await Promise.all([
    search ? searchResultIds(db, { search, sortBy: 'relevance', sortOrder: 'desc' }) : undefined,
    memberTests(db, members, categoryIds, { brand, storeId, minPrice, maxPrice }, version),
  ]);
  const matches = found && new Set(found);
  const counted = [...members.values()].filter((member) => passes(member) && (!matches || matches.has(member.id)));
  return specificationFacetsInMemory(fields, conditions, counted, (member, fieldId) => member.values.get(fieldId));
}

/**
 * The facets, and the `spec` selection they count (filters naming no field of the category left
 * out). With the catalogue `version` the request is answered from, the fields are read once per version.
 */
export async function listFacets(
  db: Database,
  categoryId: number,
  filters: FacetListFilters,
  version?: string,
): Promise<{ facets: SpecificationFacet[]; spec: string }> {
  const fields = version === undefined ? await fieldsOf(db, [categoryId]) : await fieldsAtVersion(db, [categoryId], version);
  const { conditions, spec } = await readSpecConditions(db, filters.spec, filters.categoryIds ?? [categoryId], version);
  if (!fields.length) return { facets: [], spec };
  const counted = await facetsOfMembers(db, categoryId, filters, fields, conditions, version ?? (await readCatalogVersion(db)));
  if (counted) return { facets: counted, spec };
  const { rest, extra } = await withoutSearch(db, filters);
  const categoryIds = rest.categoryIds ?? [categoryId];
  const facets = await specificationFacets(db, fields, conditions, (applied) => sql`${whereClause({ ...rest, categoryIds, spec: applied })} and ${extra}`);
  return { facets, spec };
}

/** On a search without a category: the category with specification fields that most matches are in. */
export async function leadingCategoryOf(db: Database, filters: FacetListFilters): Promise<{ id: number; name: string; slug: string } | null> {
  const { rest, extra } = await withoutSearch(db, filters);
  const [row] = await selectRows<{ id: number; name: string; slug: string }>(
    db,
    sql`select c.id, c.name, c.slug from categories c
        join product_categories pc on pc.category_id = c.id
        join (select p.id from products p where ${whereClause(rest)} and ${extra} limit 10000) m on m.id = pc.product_id
        where exists (select 1 from specification_fields f where f.category_id = c.id)
        group by c.id order by count(*) desc, c.id limit 1`,
  );
  return row ?? null;
}
