/**
 * Whole category trees for the menu (navigation), the admin tree (includeHierarchy) and
 * the flat selector list (simple), each in one or two queries.
 */
import type { CategorySettings } from '@koopjesland/shared/entities';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/sql';
import { allDirectCounts } from './counts';
import { OVERIG_SLUG } from '@koopjesland/shared/entities';
import type { CategoryNode, CategoryRow } from '../../catalogue/category-lookup';
import { settingsOf } from './settings';

export interface TreeOptions {
  excludeOverig?: boolean;
  withCounts?: boolean;
  withSettings?: boolean;
}

export async function allCategories(db: Database): Promise<CategoryRow[]> {
  return selectRows<CategoryRow>(
    db,
    sql`select c.id, c.name, c.slug, c.image, c.parent_id as "parentId", c.created_at as "createdAt", c.updated_at as "updatedAt"
        from categories c order by lower(c.name), c.id`,
  );
}

/** Roots (parentId null) with nested childCategories, sorted by name at every level. */
export async function categoryTree(db: Database, options: TreeOptions): Promise<CategoryNode[]> {
  const rows = (await allCategories(db)).filter((row) => !(options.excludeOverig && row.slug === OVERIG_SLUG));
  const [counts, settings] = await Promise.all([
    options.withCounts ? allDirectCounts(db) : undefined,
    options.withSettings ? settingsOf(db, rows.map((row) => row.id)) : undefined,
  ]);
  const nodes = new Map<number, CategoryNode>(
    rows.map((row) => [
      row.id,
      {
        ...row,
        childCategories: [],
        ...(settings ? { settings: settings.get(row.id) as CategorySettings } : {}),
      },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.childCategories!.push(node);
    else if (row.parentId === null) roots.push(node);
  }
  if (counts) {
    // computedProducts sums the subtree's memberships (a product in two subcategories counts twice).
    const fill = (node: CategoryNode): number => {
      const own = counts.get(node.id)?.products ?? 0;
      const computed = own + (node.childCategories ?? []).reduce((sum, child) => sum + fill(child), 0);
      node._count = { products: own, computedProducts: computed, childCategories: node.childCategories?.length ?? 0 };
      return computed;
    };
    roots.forEach(fill);
  }
  return roots;
}
