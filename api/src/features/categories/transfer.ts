/**
 * Category export and import (docs/product.md §7 Categories): the tree as a flat list, parents
 * before children, matched by slug on import, with each category's stored settings and the
 * alias paths mapped onto it. Importing an export gives back the same tree.
 */
import { OVERIG_SLUG, isReservedPageSlug, type CategoryExport, type CategoryImportResult } from '@koopjesland/shared/entities';
import { eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories } from '../../db/schema';
import { selectRows } from '../../db/sql';
import { descendantIds } from '../../catalogue/category-lookup';
import { saveSettings } from './repository';
import { settingsColumns, toSettings, type SettingsRow } from './settings';

type ExportEntry = CategoryExport['categories'][number];

interface ExportRow {
  id: number;
  slug: string;
  name: string;
  parentId: number | null;
  image: string | null;
  settings: SettingsRow | null;
  aliases: string[];
}

export async function exportCategories(db: Database, includeOverig: boolean): Promise<CategoryExport> {
  const rows = await selectRows<ExportRow>(
    db,
    sql`select c.id, c.slug, c.name, c.parent_id as "parentId", c.image,
          (select row_to_json(x) from (select ${settingsColumns} from category_settings s
            left join products p on p.id = s.representative_product_id where s.category_id = c.id) x) as settings,
          coalesce((select json_agg(a.path order by a.path) from category_alias_categories cac
            join category_aliases a on a.id = cac.alias_id where cac.category_id = c.id), '[]'::json) as aliases
        from categories c order by lower(c.name), c.id`,
  );
  const byParent = new Map<number | null, ExportRow[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const slugOf = new Map(rows.map((row) => [row.id, row.slug]));
  const ordered: ExportEntry[] = [];
  const visit = (parentId: number | null) => {
    for (const row of byParent.get(parentId) ?? []) {
      if (row.slug === OVERIG_SLUG && !includeOverig) continue;
      ordered.push(toEntry(row, row.parentId === null ? null : slugOf.get(row.parentId)!));
      visit(row.id);
    }
  };
  visit(null);
  return { version: 1, exportedAt: new Date().toISOString(), categories: ordered };
}

function toEntry(row: ExportRow, parentSlug: string | null): ExportEntry {
  const entry: ExportEntry = { slug: row.slug, name: row.name, parentSlug, image: row.image, aliases: row.aliases };
  if (row.settings) {
    // Ids of products and site configurations belong to one database; they stay out of the file.
    const { representativeProductId: _p, representativeProduct: _r, showOnHomePage: _s, ...settings } = toSettings(row.settings);
    entry.settings = settings;
  }
  return entry;
}

/**
 * Imports an export in one transaction: categories matched by slug are updated, others
 * created; an entry whose parent is unknown (or would sit under itself) is reported and skipped.
 * clearExisting also deletes every category the file does not name (Overig stays) and replaces
 * the alias links of the categories it names.
 */
export async function importCategories(db: Database, data: CategoryExport, clearExisting: boolean): Promise<CategoryImportResult> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const existing = await tx.select({ id: categories.id, slug: categories.slug }).from(categories);
    const idOf = new Map(existing.map((row) => [row.slug, row.id]));
    const results: CategoryImportResult['results'] = { created: 0, updated: 0, errors: [] };
    const imported = new Set<string>();
    let totalAliases = 0;

    for (const entry of data.categories) {
      if (imported.has(entry.slug)) {
        results.errors.push({ slug: entry.slug, error: 'slug: appears twice in the file' });
        continue;
      }
      if (isReservedPageSlug(entry.slug) && !idOf.has(entry.slug)) {
        results.errors.push({ slug: entry.slug, error: `slug: /${entry.slug} is a page of the site` });
        continue;
      }
      const parentId = entry.parentSlug === null ? null : idOf.get(entry.parentSlug);
      if (parentId === undefined || (clearExisting && entry.parentSlug !== null && !imported.has(entry.parentSlug) && entry.parentSlug !== OVERIG_SLUG)) {
        results.errors.push({ slug: entry.slug, error: `parentSlug: unknown category ${entry.parentSlug}` });
        continue;
      }
      let id = idOf.get(entry.slug);
      if (id !== undefined) {
        if (parentId !== null && (await descendantIds(tx, id)).includes(parentId)) {
          results.errors.push({ slug: entry.slug, error: 'parentSlug: A category cannot be moved under itself or its descendants' });
          continue;
        }
        await tx
          .update(categories)
          .set({ name: entry.name, parentId, ...(entry.image !== undefined ? { image: entry.image } : {}) })
          .where(eq(categories.id, id));
        results.updated += 1;
      } else {
        const [row] = await tx
          .insert(categories)
          .values({ name: entry.name, slug: entry.slug, parentId, image: entry.image ?? null })
          .returning({ id: categories.id });
        id = row!.id;
        idOf.set(entry.slug, id);
        results.created += 1;
      }
      imported.add(entry.slug);
      if (entry.settings) await saveSettings(tx, id, entry.settings);
      if (clearExisting) await tx.execute(sql`delete from category_alias_categories where category_id = ${id}`);
      for (const path of entry.aliases ?? []) await mapAlias(tx, path, id);
      totalAliases += entry.aliases?.length ?? 0;
    }

    if (clearExisting) {
      const keep = [...imported, OVERIG_SLUG];
      await tx.delete(categories).where(notInArray(categories.slug, keep));
    }
    return { results, summary: { totalCategories: data.categories.length, totalAliases } };
  });
}

/** Maps an alias path onto a category (creating the alias); an alias leaves Overig once it has a real category. */
async function mapAlias(tx: Database, path: string, categoryId: number) {
  const [alias] = await selectRows<{ id: number }>(
    tx,
    sql`with found as (select id from category_aliases where path = ${path}),
        made as (insert into category_aliases (path) select ${path} where not exists (select 1 from found) returning id)
        select id from found union all select id from made`,
  );
  await tx.execute(sql`insert into category_alias_categories (alias_id, category_id) values (${alias!.id}, ${categoryId}) on conflict do nothing`);
  await tx.execute(sql`delete from category_alias_categories cac using categories c
    where cac.alias_id = ${alias!.id} and c.id = cac.category_id and c.slug = ${OVERIG_SLUG} and cac.category_id <> ${categoryId}`);
}
