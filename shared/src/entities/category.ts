import { z } from 'zod';
import { id, isoDateTime, sortOrderSchema } from './common';
import { imageCopySchema, type ImageCopy } from './image-copy';

export const CATEGORY_DISPLAY_TYPES = ['grid', 'rows'] as const;
export const categoryDisplayTypeSchema = z.enum(CATEGORY_DISPLAY_TYPES);
export const CATEGORY_SORT_FIELDS = ['manual', 'createdAt', 'name', 'priceChange', 'percentageChange', 'views'] as const;
export const categorySortBySchema = z.enum(CATEGORY_SORT_FIELDS);

export const categorySettingsSchema = z.object({
  defaultDisplayType: categoryDisplayTypeSchema,
  defaultSortBy: categorySortBySchema,
  defaultSortOrder: sortOrderSchema,
  hideFiltersAndViewButtons: z.boolean(),
  showOnHomePage: z.number().int().nullable(),
  hideFromMenu: z.boolean(),
  representativeProductId: z.number().int().nullable(),
  representativeProduct: z
    .object({ id, name: z.string(), image: z.string().nullable(), imageCopy: imageCopySchema.nullable().optional() })
    .nullable()
    .optional(),
  subcategoryColumns: z.number().int().min(1).max(6),
  alternativeName: z.string().nullable(),
});
export type CategorySettings = z.infer<typeof categorySettingsSchema>;

// Defined in a zod-free module so front ends can import the value without the schema library.
export { ADMIN_CATEGORY_SETTINGS, DEFAULT_CATEGORY_SETTINGS, OVERIG_SLUG } from './category-defaults';

export const categoryRefSchema = z.object({ id, name: z.string(), slug: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;
export type BreadcrumbEntry = CategoryRef;

export const categoryCountSchema = z.object({
  products: z.number().int(),
  computedProducts: z.number().int().optional(),
  childCategories: z.number().int(),
});

export const categoryAliasSummarySchema = z.object({
  id,
  path: z.string(),
  createdAt: isoDateTime,
  _count: z.object({ products: z.number().int() }),
});

export const categoryBaseSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  parentId: z.number().int().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export interface Category extends z.infer<typeof categoryBaseSchema> {
  /** Our copy of `image` (features/image-copies): null until made, or when it could not be. */
  imageCopy?: ImageCopy | null;
  parentCategory?: CategoryRef | null;
  childCategories?: Category[];
  aliases?: z.infer<typeof categoryAliasSummarySchema>[];
  _count?: z.infer<typeof categoryCountSchema>;
  breadcrumb?: BreadcrumbEntry[];
  settings?: CategorySettings | null;
  /** False while the category has no settings of its own (`settings` then holds the defaults). */
  settingsSaved?: boolean;
}

export const categorySchema: z.ZodType<Category, unknown> = categoryBaseSchema.extend({
  imageCopy: imageCopySchema.nullable().optional(),
  parentCategory: categoryRefSchema.nullable().optional(),
  childCategories: z.array(z.lazy(() => categorySchema)).optional(),
  aliases: z.array(categoryAliasSummarySchema).optional(),
  _count: categoryCountSchema.optional(),
  breadcrumb: z.array(categoryRefSchema).optional(),
  settings: categorySettingsSchema.nullable().optional(),
  settingsSaved: z.boolean().optional(),
});

export const categoryAliasSchema = z.object({
  id,
  path: z.string(),
  createdAt: isoDateTime,
  categoryAliasCategories: z.array(
    z.object({ categoryId: z.number().int(), category: categoryRefSchema }),
  ),
  _count: z.object({ products: z.number().int() }),
});
export type CategoryAlias = z.infer<typeof categoryAliasSchema>;

/** A row of the admin's category product table (docs/product.md §3 "Category product"). */
export const categoryProductSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  brand: z.string().nullable(),
  image: z.string().nullable(),
  sortOrder: z.number().int(),
  _count: z.object({ prices: z.number().int() }),
  storeCount: z.number().int(),
  lowestPrice: z.object({ amount: z.number().int(), total: z.number().int() }).nullable(),
});
export type CategoryProduct = z.infer<typeof categoryProductSchema>;

/** One category of GET /categories/export (and of the import body): parents come before children. */
export const categoryExportEntrySchema = z.object({
  slug: z.string().trim().min(1).max(200).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().trim().min(1).max(200),
  parentSlug: z.string().trim().min(1).max(200).nullable(),
  image: z.string().max(2048).nullable().optional(),
  settings: categorySettingsSchema
    .omit({ representativeProductId: true, representativeProduct: true, showOnHomePage: true })
    .partial()
    .optional(),
  aliases: z.array(z.string().trim().min(1).max(1000)).max(10_000).optional(),
});
export const categoryExportSchema = z.object({
  version: z.literal(1),
  exportedAt: z.string().optional(),
  categories: z.array(categoryExportEntrySchema).max(20_000),
});
export type CategoryExport = z.infer<typeof categoryExportSchema>;

export const categoryImportResultSchema = z.object({
  results: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    errors: z.array(z.object({ slug: z.string(), error: z.string() })),
  }),
  summary: z.object({ totalCategories: z.number().int(), totalAliases: z.number().int() }),
});
export type CategoryImportResult = z.infer<typeof categoryImportResultSchema>;

/** A row of the bulk alias assignment (GET /category-aliases/bulk/all). */
export const bulkCategoryAliasSchema = z.object({
  id,
  path: z.string(),
  categoryId: z.number().int().nullable(),
  category: categoryRefSchema.nullable(),
  productCount: z.number().int(),
  offerCount: z.number().int(),
});
export type BulkCategoryAlias = z.infer<typeof bulkCategoryAliasSchema>;
