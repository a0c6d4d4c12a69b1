/**
 * Data access of categories beyond the lookups (lookup.ts), counts (counts.ts), settings
 * (settings.ts) and trees (tree.ts): the storefront's category detail and page head, homepage
 * cards, the admin list, and the merchandiser's writes (settings, membership, manual order).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categorySettings, productCategories, products, siteConfigurations } from '../../db/schema';
import { intArray, selectRows } from '../../db/sql';
import { offsetOf } from '../../http/pagination';
import { countsOf } from './counts';
import { OVERIG_SLUG } from '@koopjesland/shared/entities';
import { ancestorsQuery, breadcrumbOf, childCategories, type CategoryNode, type CategoryRow } from '../../catalogue/category-lookup';
import { hasSavedSettings, settingsColumns, settingsOf, settingsOfOne, toSettings, type SettingsRow } from './settings';
import type { CategorySettings } from '@koopjesland/shared/entities';
import { imageCopiesOf } from '../image-copies/shown-image';
import { categoriesChanged } from '../specifications/values';

/** A category's storefront detail: parent, breadcrumb, settings, children and counts. */
export async function categoryDetail(db: Database, category: CategoryRow): Promise<CategoryNode> {
  const children = await childCategories(db, [category.id]);
  const [breadcrumb, settings, settingsSaved, counts, childSettings] = await Promise.all([
    breadcrumbOf(db, category.id),
    settingsOfOne(db, category.id),
    hasSavedSettings(db, category.id),
    countsOf(db, [category.id, ...children.map((child) => child.id)]),
    settingsOf(db, children.map((child) => child.id)),
  ]);
  const parent = breadcrumb.length > 1 ? breadcrumb[breadcrumb.length - 2]! : null;
  const childImage = (child: CategoryRow) => child.image ?? childSettings.get(child.id)?.representativeProduct?.image ?? null;
  const copies = await imageCopiesOf(db, [category.image, ...children.map(childImage)]);
  return {
    ...category,
    imageCopy: (category.image && copies.get(category.image)) || null,
    parentCategory: parent,
    breadcrumb,
    settings,
    settingsSaved,
    _count: counts.get(category.id),
    childCategories: children.map((child) => {
      const image = childImage(child);
      return { ...child, image, imageCopy: (image && copies.get(image)) || null, settings: childSettings.get(child.id), _count: counts.get(child.id) };
    }),
  };
}

/** Homepage cards: the category image, else its representative product's image. */
export async function withCardData(db: Database, rows: CategoryRow[]): Promise<CategoryNode[]> {
  const ids = rows.map((row) => row.id);
  const [settings, counts] = await Promise.all([settingsOf(db, ids), countsOf(db, ids)]);
  const imageOf = (row: CategoryRow) => row.image ?? settings.get(row.id)?.representativeProduct?.image ?? null;
  const copies = await imageCopiesOf(db, rows.map(imageOf));
  return rows.map((row) => {
    const image = imageOf(row);
    return { ...row, image, imageCopy: (image && copies.get(image)) || null, settings: settings.get(row.id), _count: counts.get(row.id) };
  });
}

const categoryColumns = sql`c.id, c.name, c.slug, c.image, c.parent_id as "parentId", c.created_at as "createdAt", c.updated_at as "updatedAt"`;

/** The category page's settings, breadcrumb (root first) and child categories in one round trip. */
export async function categoryPageHead(db: Database, categoryId: number) {
  const [head] = await selectRows<{ settings: SettingsRow | null; breadcrumb: { id: number; name: string; slug: string }[]; children: CategoryRow[] }>(
    db,
    sql`select
      (select row_to_json(x) from (select ${settingsColumns} from category_settings s
        left join products p on p.id = s.representative_product_id where s.category_id = ${categoryId}) x) as settings,
      (select json_agg(json_build_object('id', a.id, 'name', a.name, 'slug', a.slug) order by a.depth desc)
        from (${ancestorsQuery(categoryId)}) a) as breadcrumb,
      (select coalesce(json_agg(row_to_json(x) order by x.name), '[]'::json)
        from (select ${categoryColumns} from categories c where c.parent_id = ${categoryId}) x) as children`,
  );
  return { settings: toSettings(head?.settings), breadcrumb: head?.breadcrumb ?? [], children: head?.children ?? [] };
}

export interface AdminCategoryListQuery {
  page: number;
  limit: number;
  /** name, createdAt or updatedAt, optionally ":asc"/":desc"; default createdAt:desc. */
  sort?: string;
  filters?: { search?: string; name?: string };
  excludeOverig?: boolean;
}

/** The admin's paged category list, searched by name or slug. */
export async function adminCategoryList(db: Database, q: AdminCategoryListQuery) {
  const [field, direction] = (q.sort ?? 'createdAt:desc').split(':') as [string, string | undefined];
  const column = { name: sql`lower(c.name)`, createdAt: sql`c.created_at`, updatedAt: sql`c.updated_at` }[field]!;
  const order = sql.raw(direction === 'asc' ? 'asc' : direction === 'desc' || field !== 'name' ? 'desc' : 'asc');
  const text = q.filters?.search ?? q.filters?.name;
  const conditions: SQL[] = [sql`true`];
  if (text) conditions.push(sql`(c.name ilike ${`%${text}%`} or c.slug ilike ${`%${text}%`})`);
  if (q.excludeOverig) conditions.push(sql`c.slug <> ${OVERIG_SLUG}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, [total]] = await Promise.all([
    selectRows<CategoryRow>(
      db,
      sql`select ${categoryColumns} from categories c where ${where} order by ${column} ${order}, c.id ${order} limit ${q.limit} offset ${offsetOf(q)}`,
    ),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from categories c where ${where}`),
  ]);
  return { rows, totalItems: total?.n ?? 0 };
}

/** The homepage's categories: those flagged for this site configuration, else the top-level ones (below its root). */
export async function homepageCategoryRows(db: Database, siteConfigurationId: number | undefined): Promise<CategoryRow[]> {
  const flagged = siteConfigurationId
    ? await selectRows<CategoryRow>(
        db,
        sql`select ${categoryColumns} from categories c join category_settings s on s.category_id = c.id
            where s.show_on_home_page = ${siteConfigurationId} order by lower(c.name), c.id`,
      )
    : [];
  if (flagged.length) return flagged;
  const [root] = siteConfigurationId
    ? await db
        .select({ rootCategoryId: siteConfigurations.rootCategoryId })
        .from(siteConfigurations)
        .where(eq(siteConfigurations.id, siteConfigurationId))
    : [];
  const parent = root?.rootCategoryId ? sql`c.parent_id = ${root.rootCategoryId}` : sql`c.parent_id is null`;
  return selectRows<CategoryRow>(
    db,
    sql`select ${categoryColumns} from categories c where ${parent} and c.slug <> ${OVERIG_SLUG} order by lower(c.name), c.id`,
  );
}

export async function siteConfigurationExists(db: Database, id: number): Promise<boolean> {
  const [found] = await db.select({ id: siteConfigurations.id }).from(siteConfigurations).where(eq(siteConfigurations.id, id));
  return Boolean(found);
}

/** The ids of `ids` that name no product. */
export async function missingProductIds(db: Database, ids: number[]): Promise<number[]> {
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** Saves settings; fields left out keep their value (or the defaults, for a category without a row). */
export async function saveSettings(
  db: Database,
  categoryId: number,
  changes: Partial<Omit<CategorySettings, 'representativeProduct'>>,
): Promise<void> {
  const { representativeProduct: _ignored, ...current } = await settingsOfOne(db, categoryId);
  const next = { ...current, ...changes, categoryId };
  await db.insert(categorySettings).values(next).onConflictDoUpdate({ target: categorySettings.categoryId, set: next });
}

/** Adds products at the end of the category's manual order; answers how many were new to it. */
export async function addProducts(db: Database, categoryId: number, productIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const added = await selectRows<{ productId: number }>(
      tx,
      sql`insert into product_categories (product_id, category_id, sort_order)
          select ids.id, ${categoryId},
            coalesce((select max(sort_order) from product_categories where category_id = ${categoryId}), 0) + ids.n
          from unnest(${intArray(productIds)}) with ordinality as ids(id, n)
          on conflict do nothing returning product_id as "productId"`,
    );
    await categoriesChanged(tx, added.map((row) => row.productId));
    return added.length;
  });
}

export async function removeProducts(db: Database, categoryId: number, productIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(productCategories)
      .where(and(eq(productCategories.categoryId, categoryId), inArray(productCategories.productId, productIds)))
      .returning({ productId: productCategories.productId });
    await categoriesChanged(tx, removed.map((row) => row.productId));
    return removed.length;
  });
}

export async function saveProductOrder(
  db: Database,
  categoryId: number,
  orders: { productId: number; sortOrder: number }[],
): Promise<number> {
  const updated = await selectRows<{ productId: number }>(
    db,
    sql`update product_categories pc set sort_order = o.sort_order
        from unnest(${intArray(orders.map((o) => o.productId))}, ${intArray(orders.map((o) => o.sortOrder))}) as o(product_id, sort_order)
        where pc.category_id = ${categoryId} and pc.product_id = o.product_id
        returning pc.product_id as "productId"`,
  );
  return updated.length;
}
