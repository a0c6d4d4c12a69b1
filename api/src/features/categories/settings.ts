/**
 * Category settings with the storefront's defaults filled in when a category has no row
 * (`DEFAULT_CATEGORY_SETTINGS`, docs/product.md §3 "Category settings").
 */
import { DEFAULT_CATEGORY_SETTINGS, type CategorySettings, type ImageCopy } from '@koopjesland/shared/entities';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intArray, selectRows } from '../../db/sql';
import { imageCopyOf } from '../image-copies/shown-image';


export type SettingsRow = Omit<CategorySettings, 'representativeProduct'> & {
  categoryId: number;
  productName: string | null;
  productImage: string | null;
  productImageCopy: ImageCopy | null;
};

/** The columns of a settings row (alias s) with its representative product (alias p). */
export const settingsColumns = sql`s.category_id as "categoryId", s.default_display_type as "defaultDisplayType", s.default_sort_by as "defaultSortBy",
  s.default_sort_order as "defaultSortOrder", s.hide_filters_and_view_buttons as "hideFiltersAndViewButtons",
  s.show_on_home_page as "showOnHomePage", s.hide_from_menu as "hideFromMenu",
  s.representative_product_id as "representativeProductId", s.subcategory_columns as "subcategoryColumns",
  s.alternative_name as "alternativeName", p.name as "productName", p.image as "productImage",
  ${imageCopyOf(sql`p.image`)} as "productImageCopy"`;

/** A settings row (or none: the defaults) as the API returns it. */
export function toSettings(row: SettingsRow | null | undefined): CategorySettings {
  if (!row) return DEFAULT_CATEGORY_SETTINGS;
  const { categoryId: _categoryId, productName, productImage, productImageCopy, ...settings } = row;
  return {
    ...settings,
    representativeProduct:
      settings.representativeProductId && productName !== null
        ? { id: settings.representativeProductId, name: productName, image: productImage, imageCopy: productImageCopy ?? null }
        : null,
  };
}

/** Settings of each category id; categories without a row get the defaults. */
export async function settingsOf(db: Database, categoryIds: number[]): Promise<Map<number, CategorySettings>> {
  const rows = categoryIds.length
    ? await selectRows<SettingsRow>(
        db,
        sql`select ${settingsColumns}
            from category_settings s left join products p on p.id = s.representative_product_id
            where s.category_id = any(${intArray(categoryIds)})`,
      )
    : [];
  const byId = new Map<number, CategorySettings>(categoryIds.map((id) => [id, DEFAULT_CATEGORY_SETTINGS]));
  for (const row of rows) byId.set(row.categoryId, toSettings(row));
  return byId;
}

export async function settingsOfOne(db: Database, categoryId: number): Promise<CategorySettings> {
  return (await settingsOf(db, [categoryId])).get(categoryId)!;
}

/** Whether the category has settings of its own (the admin starts from its own defaults otherwise). */
export async function hasSavedSettings(db: Database, categoryId: number): Promise<boolean> {
  const [row] = await selectRows<{ saved: boolean }>(
    db,
    sql`select exists(select 1 from category_settings where category_id = ${categoryId}) as saved`,
  );
  return Boolean(row?.saved);
}
