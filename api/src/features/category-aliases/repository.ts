/**
 * Category aliases: the category paths of store feeds, mapped onto our categories
 * (docs/product.md §3 "Category alias"). A new path starts in Overig; mapping it onto a
 * category also puts its products there, and unmapping takes them out again unless another of
 * their aliases still maps to that category. An alias left without categories returns to Overig.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, categoryAliases } from '../../db/schema';
import { selectRows } from '../../db/sql';
import { badRequest, notFound } from '../../http/errors';
import { offsetOf } from '../../http/pagination';
import { OVERIG_SLUG } from '@koopjesland/shared/entities';
import { categoriesChanged } from '../specifications/values';

/** The alias's products, whose specification values follow the categories they joined or left. */
const productsOfAlias = (aliasId: number) => sql`select product_id from product_category_aliases where alias_id = ${aliasId}`;

export const ALIAS_NOT_FOUND = 'Category alias not found.';

export interface AliasRow {
  id: number;
  path: string;
  createdAt: Date;
  categoryAliasCategories: { categoryId: number; category: { id: number; name: string; slug: string } }[];
  _count: { products: number };
}

const aliasColumns = sql`a.id, a.path, a.created_at as "createdAt",
  coalesce((select json_agg(json_build_object('categoryId', c.id, 'category', json_build_object('id', c.id, 'name', c.name, 'slug', c.slug))
      order by c.name, c.id)
    from category_alias_categories cac join categories c on c.id = cac.category_id where cac.alias_id = a.id), '[]'::json)
    as "categoryAliasCategories",
  json_build_object('products', (select count(*)::int from product_category_aliases pca where pca.alias_id = a.id)) as "_count"`;

export async function listAliases(db: Database, q: { search?: string; page: number; limit: number }) {
  const where = q.search ? sql`a.path ilike ${`%${q.search}%`}` : sql`true`;
  const [rows, [total]] = await Promise.all([
    selectRows<AliasRow>(db, sql`select ${aliasColumns} from category_aliases a where ${where} order by a.path, a.id limit ${q.limit} offset ${offsetOf(q)}`),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from category_aliases a where ${where}`),
  ]);
  return { rows, totalItems: total?.n ?? 0 };
}

export async function findAlias(db: Database, id: number): Promise<AliasRow> {
  const [row] = await selectRows<AliasRow>(db, sql`select ${aliasColumns} from category_aliases a where a.id = ${id}`);
  if (!row) throw notFound(ALIAS_NOT_FOUND);
  return row;
}

/** The aliases whose feeds brought a product, each with its categories. */
export async function aliasesOfProduct(db: Database, productId: number): Promise<AliasRow[]> {
  return selectRows<AliasRow>(
    db,
    sql`select ${aliasColumns} from product_category_aliases pca join category_aliases a on a.id = pca.alias_id
        where pca.product_id = ${productId} order by a.path, a.id`,
  );
}

async function requireCategory(db: Database, categoryId: number) {
  const [row] = await db.select({ id: categories.id, slug: categories.slug }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw badRequest('Invalid categoryId', 'categoryId: unknown category');
  return row;
}

async function requireAlias(db: Database, aliasId: number) {
  const [row] = await db.select({ id: categoryAliases.id }).from(categoryAliases).where(eq(categoryAliases.id, aliasId));
  if (!row) throw notFound(ALIAS_NOT_FOUND);
}

const overigId = sql`(select id from categories where slug = ${OVERIG_SLUG})`;

/** Maps the alias onto a category; its products join the category (at the end of its manual order) and leave Overig. */
export async function connectAlias(db: Database, aliasId: number, categoryId: number) {
  await requireAlias(db, aliasId);
  const category = await requireCategory(db, categoryId);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await tx.execute(sql`insert into category_alias_categories (alias_id, category_id) values (${aliasId}, ${categoryId}) on conflict do nothing`);
    await tx.execute(sql`insert into product_categories (product_id, category_id, sort_order)
      select pca.product_id, ${categoryId},
        coalesce((select max(sort_order) from product_categories where category_id = ${categoryId}), 0)
          + row_number() over (order by pca.product_id)
      from product_category_aliases pca where pca.alias_id = ${aliasId}
      on conflict do nothing`);
    if (category.slug !== OVERIG_SLUG) {
      await tx.execute(sql`delete from category_alias_categories where alias_id = ${aliasId} and category_id = ${overigId}`);
      // Its products were in Overig only for want of a category; other aliases still in Overig keep theirs.
      await leaveCategory(tx, aliasId, overigId);
    }
    await categoriesChanged(tx, productsOfAlias(aliasId));
  });
}

/** The alias's products leave the category, except those another of their aliases maps there. */
function leaveCategory(tx: Database, aliasId: number, categoryId: number | SQL) {
  return tx.execute(sql`delete from product_categories pc
    using product_category_aliases pca
    where pca.alias_id = ${aliasId} and pc.product_id = pca.product_id and pc.category_id = ${categoryId}
      and not exists (select 1 from product_category_aliases other join category_alias_categories cac on cac.alias_id = other.alias_id
        where other.product_id = pc.product_id and cac.category_id = pc.category_id)`);
}

/**
 * Unmaps the alias from a category; its products leave the category unless another of their
 * aliases maps there. An alias left without a category, and products left without one, go to Overig.
 */
export async function disconnectAlias(db: Database, aliasId: number, categoryId: number) {
  await requireAlias(db, aliasId);
  await requireCategory(db, categoryId);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await tx.execute(sql`delete from category_alias_categories where alias_id = ${aliasId} and category_id = ${categoryId}`);
    await leaveCategory(tx, aliasId, categoryId);
    await tx.execute(sql`insert into category_alias_categories (alias_id, category_id)
      select ${aliasId}, ${overigId} where ${overigId} is not null
        and not exists (select 1 from category_alias_categories where alias_id = ${aliasId})`);
    await tx.execute(sql`insert into product_categories (product_id, category_id, sort_order)
      select pca.product_id, ${overigId}, 0 from product_category_aliases pca
      where pca.alias_id = ${aliasId} and ${overigId} is not null
        and not exists (select 1 from product_categories pc where pc.product_id = pca.product_id)
      on conflict do nothing`);
    await categoriesChanged(tx, productsOfAlias(aliasId));
  });
}

export interface BulkAliasRow {
  id: number;
  path: string;
  categoryId: number | null;
  category: { id: number; name: string; slug: string } | null;
  productCount: number;
  offerCount: number;
}

/** Every alias with its category (its first real one, else Overig), unmapped ones first, then by offers brought. */
export async function bulkAliases(db: Database): Promise<BulkAliasRow[]> {
  return selectRows<BulkAliasRow>(
    db,
    sql`select a.id, a.path, c.id as "categoryId",
          case when c.id is null then null else json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) end as category,
          coalesce(stats.products, 0) as "productCount", coalesce(stats.offers, 0) as "offerCount"
        from category_aliases a
        left join lateral (select c.* from category_alias_categories cac join categories c on c.id = cac.category_id
          where cac.alias_id = a.id order by (c.slug = ${OVERIG_SLUG}), c.name, c.id limit 1) c on true
        left join lateral (select count(*)::int as products, coalesce(sum(p.offer_count), 0)::int as offers
          from product_category_aliases pca join product_prices p on p.product_id = pca.product_id where pca.alias_id = a.id) stats on true
        order by (c.id is null or c.slug = ${OVERIG_SLUG}) desc, coalesce(stats.offers, 0) desc, a.path, a.id`,
  );
}

/** Maps the alias onto exactly this category (products move with it). */
export async function assignAlias(db: Database, aliasId: number, categoryId: number) {
  const alias = await findAlias(db, aliasId);
  await requireCategory(db, categoryId);
  // One transaction (the steps' own become savepoints): a failed row leaves its alias as it was.
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await connectAlias(tx, aliasId, categoryId);
    for (const { categoryId: current } of alias.categoryAliasCategories)
      if (current !== categoryId) await disconnectAlias(tx, aliasId, current);
  });
  return alias;
}
