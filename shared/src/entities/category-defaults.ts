import type { CategorySettings } from './category';

/** The default category that collects unassigned aliases and products (docs/product.md §9). */
export const OVERIG_SLUG = 'overig';

/**
 * The settings a category has until someone saves its own (docs/product.md §3 "Category settings"):
 * the API answers them for a category without a row, the settings modal starts from them and
 * the category page falls back on them. No zod here: front ends import this value (through
 * `@koopjesland/shared`) and must not download the schema library with it.
 */
export const DEFAULT_CATEGORY_SETTINGS: CategorySettings = {
  defaultDisplayType: 'grid',
  defaultSortBy: 'manual',
  defaultSortOrder: 'asc',
  hideFiltersAndViewButtons: false,
  showOnHomePage: null,
  hideFromMenu: false,
  representativeProductId: null,
  representativeProduct: null,
  subcategoryColumns: 4,
  alternativeName: null,
};

/**
 * Where the admin shows or edits a category with no saved settings, it starts from these
 * (docs/product.md §3 "Category settings"): newest first, and 3 subcategory columns. The
 * storefront's page and editor keep DEFAULT_CATEGORY_SETTINGS.
 */
export const ADMIN_CATEGORY_SETTINGS: CategorySettings = {
  ...DEFAULT_CATEGORY_SETTINGS,
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'desc',
  subcategoryColumns: 3,
};
