/**
 * The merchandiser's category writes and reads beyond the storefront's (docs/product.md §2
 * "Admin categories"): create, rename and move (never under itself or a descendant), delete
 * with the subtree, the admin product table, removing every product link, and the aliases.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { OVERIG_SLUG, isReservedPageSlug } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { categories, productCategories } from '../../db/schema';
import { intArray, selectRows } from '../../db/sql';
import { badRequest } from '../../http/errors';
import { offsetOf } from '../../http/pagination';
import { slugify } from '../../importers/normalise';
import { descendantIds, findCategory, type CategoryRow } from '../../catalogue/category-lookup';
import { categoriesChanged } from '../specifications/values';
import { PRODUCTS_WITH_PRICES } from '../offers/price-summary';

export const NAME_REQUIRED = 'Name is required';
export const MOVE_UNDER_ITSELF = 'A category cannot be moved under itself or its descendants';

const rowColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  image: categories.image,
  parentId: categories.parentId,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
};

/** `base`, else `base-2`, `base-3`…: the first slug no other category uses. */
export async function uniqueCategorySlug(db: Database, text: string, exceptId?: number): Promise<string> {
  const derived = slugify(text);
  // slugify answers 'product' for a text without letters or digits.
  const base = derived === 'product' && !/product/i.test(text) ? 'categorie' : derived;
  const taken = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(and(sql`${categories.slug} ~ ${`^${base}(-[0-9]+)?$`}`, exceptId ? ne(categories.id, exceptId) : undefined));
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base) && !isReservedPageSlug(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A parent must exist and lie outside the category's own subtree. */
async function checkParent(db: Database, parentId: number, categoryId?: number) {
  const [parent] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, parentId));
  if (!parent) throw badRequest('Invalid parentId', 'parentId: unknown category');
  if (categoryId !== undefined && (await descendantIds(db, categoryId)).includes(parentId))
    throw badRequest('Invalid parentId', `parentId: ${MOVE_UNDER_ITSELF}`);
}

/** A slug typed by hand must be free; a derived one gets a number instead. */
async function checkSlugFree(db: Database, slug: string, exceptId?: number) {
  if (isReservedPageSlug(slug)) throw badRequest('Invalid slug', `slug: /${slug} is a page of the site`);
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), exceptId ? ne(categories.id, exceptId) : undefined));
  if (taken) throw badRequest('Invalid slug', 'slug: already used by another category');
}

export async function createCategory(db: Database, input: { name: string; slug?: string; parentId?: number | null }) {
  if (input.parentId) await checkParent(db, input.parentId);
  if (input.slug) await checkSlugFree(db, input.slug);
  const slug = input.slug || (await uniqueCategorySlug(db, input.name));
  const [row] = await db
    .insert(categories)
    .values({ name: input.name, slug, parentId: input.parentId ?? null })
    .returning(rowColumns);
  return row!;
}

export interface CategoryChanges {
  name?: string;
  slug?: string;
  parentId?: number | null;
  image?: string | null;
}

/** Applies a partial edit; answers the changed fields' old and new values for the audit trail. */
export async function updateCategory(db: Database, current: CategoryRow, changes: CategoryChanges) {
  if (changes.parentId) await checkParent(db, changes.parentId, current.id);
  const next: CategoryChanges = { ...changes };
  if (changes.slug !== undefined && changes.slug !== current.slug) await checkSlugFree(db, changes.slug, current.id);
  if (current.slug === OVERIG_SLUG && next.slug !== undefined && next.slug !== OVERIG_SLUG)
    throw badRequest('Invalid slug', 'slug: the default category Overig keeps its slug');
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next) as [keyof CategoryChanges, unknown][]) {
    if (value === undefined || current[key] === value) continue;
    before[key] = current[key];
    after[key] = value;
  }
  if (!Object.keys(after).length) return { row: current, before, after };
  const [row] = await db.update(categories).set(after).where(eq(categories.id, current.id)).returning(rowColumns);
  return { row: row!, before, after };
}

/** Deletes the category and its subtree (links go with them, products stay); answers how many categories went. */
export async function deleteCategory(db: Database, category: CategoryRow): Promise<number> {
  if (category.slug === OVERIG_SLUG) throw badRequest('Invalid id', 'id: the default category Overig cannot be deleted');
  const ids = await descendantIds(db, category.id);
  await db.delete(categories).where(inArray(categories.id, ids));
  return ids.length;
}

export interface CategoryProductRow {
  id: number;
  name: string;
  slug: string;
  brand: string | null;
  image: string | null;
  sortOrder: number;
  _count: { prices: number };
  storeCount: number;
  lowestPrice: { amount: number; total: number } | null;
}

/** The admin's product table of one category, in its manual order. */
export async function categoryProducts(db: Database, categoryId: number, page: { page: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    selectRows<CategoryProductRow>(
      db,
      sql`select p.id, p.name, p.slug, p.brand, p.image, pc.sort_order as "sortOrder",
            json_build_object('prices', pp.offer_count) as "_count",
            (select count(distinct o.store_id)::int from prices o where o.product_id = p.id and o.valid_to is null) as "storeCount",
            (select json_build_object('amount', o.amount, 'total', o.total) from prices o where o.id = pp.lowest_price_id) as "lowestPrice"
          from ${productCategories} pc join ${PRODUCTS_WITH_PRICES} on p.id = pc.product_id
          where pc.category_id = ${categoryId}
          order by pc.sort_order, p.id limit ${page.limit} offset ${offsetOf(page)}`,
    ),
    db.select({ n: sql<number>`count(*)::int` }).from(productCategories).where(eq(productCategories.categoryId, categoryId)),
  ]);
  return { rows, totalItems: total?.n ?? 0 };
}

export async function removeAllProducts(db: Database, categoryId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(productCategories)
      .where(eq(productCategories.categoryId, categoryId))
      .returning({ productId: productCategories.productId });
    await categoriesChanged(tx, removed.map((row) => row.productId));
    return removed.length;
  });
}

/** The aliases mapped onto a category, by path, with their product counts. */
export async function aliasesOfCategory(db: Database, categoryId: number) {
  return selectRows<{ id: number; path: string; createdAt: Date; _count: { products: number } }>(
    db,
    sql`select a.id, a.path, a.created_at as "createdAt",
          json_build_object('products', (select count(*)::int from product_category_aliases pca where pca.alias_id = a.id)) as "_count"
        from category_alias_categories cac join category_aliases a on a.id = cac.alias_id
        where cac.category_id = ${categoryId} order by a.path, a.id`,
  );
}

/** Every category id among `ids` that exists. */
export async function existingCategoryIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await selectRows<{ id: number }>(db, sql`select id from categories where id = any(${intArray(ids)})`);
  return new Set(rows.map((row) => row.id));
}

export { findCategory };
