/**
 * Category look-ups shared by the catalogue's features (products, categories, category aliases,
 * store pages): by slug or id, descendants (recursive CTE) and ancestors (for breadcrumbs). Below
 * every feature: it imports none.
 */
import type { CategorySettings, ImageCopy } from '@koopjesland/shared/entities';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { MAX_ID } from '../http/route-schemas';
import { notFound } from '../http/errors';
import { intArray, selectRows } from '../db/sql';


export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  parentId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A category as the routes build it (dates still Date objects; the response schema serialises them). */
export interface CategoryNode extends CategoryRow {
  /** Our copy of the image the card shows (features/image-copies), or null until made. */
  imageCopy?: ImageCopy | null;
  parentCategory?: { id: number; name: string; slug: string } | null;
  childCategories?: CategoryNode[];
  breadcrumb?: { id: number; name: string; slug: string }[];
  settings?: CategorySettings;
  settingsSaved?: boolean;
  _count?: { products: number; computedProducts?: number; childCategories: number };
}

const categoryColumns = sql`c.id, c.name, c.slug, c.image, c.parent_id as "parentId", c.created_at as "createdAt", c.updated_at as "updatedAt"`;

/** A numeric reference is an id, anything else a slug; unknown → 404. */
export async function findCategory(db: Database, slugOrId: string | number): Promise<CategoryRow> {
  const byId = typeof slugOrId === 'number' || /^\d+$/.test(slugOrId);
  // A reference that reads as an id beyond the integer column names no category.
  if (byId && Number(slugOrId) > MAX_ID) throw notFound('Category not found');
  const [row] = await selectRows<CategoryRow>(
    db,
    byId
      ? sql`select ${categoryColumns} from categories c where c.id = ${Number(slugOrId)}`
      : sql`select ${categoryColumns} from categories c where c.slug = ${slugOrId}`,
  );
  if (!row) throw notFound('Category not found');
  return row;
}

/** The category itself and every category below it. */
export async function descendantIds(db: Database, categoryId: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`with recursive tree as (
          select id from categories where id = ${categoryId}
          union
          select c.id from categories c join tree on c.parent_id = tree.id
        )
        select id from tree`,
  );
  return rows.map((row) => row.id);
}

/**
 * The ancestors of a category and itself as (id, name, slug, depth): the category has depth 0.
 * The category is an id or an SQL expression (a correlated subquery of a larger statement).
 */
export const ancestorsQuery = (categoryId: number | SQL) => sql`with recursive up as (
    select id, name, slug, parent_id, 0 as depth from categories where id = ${categoryId}
    union all
    select c.id, c.name, c.slug, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id
    where up.depth < 20
  )
  select id, name, slug, depth from up`;

/** Root first, the category itself last. */
export async function breadcrumbOf(db: Database, categoryId: number) {
  const rows = await selectRows<{ id: number; name: string; slug: string; depth: number }>(
    db,
    sql`${ancestorsQuery(categoryId)} order by depth desc`,
  );
  return rows.map(({ id, name, slug }) => ({ id, name, slug }));
}

export async function childCategories(db: Database, parentIds: number[]): Promise<CategoryRow[]> {
  if (!parentIds.length) return [];
  return selectRows<CategoryRow>(
    db,
    sql`select ${categoryColumns} from categories c where c.parent_id = any(${intArray(parentIds)}) order by c.name`,
  );
}
