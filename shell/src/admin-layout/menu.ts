/** Sidebar links in the order of spec §2 "Admin layout". */
export const ADMIN_MENU = [
  { path: '/admin/users', labelKey: 'admin.menu.users' },
  { path: '/admin/stores', labelKey: 'admin.menu.stores' },
  { path: '/admin/categories', labelKey: 'admin.menu.categories' },
  { path: '/admin/category-aliases', labelKey: 'admin.menu.categoryAliases' },
  { path: '/admin/bulk-category-alias', labelKey: 'admin.menu.bulkCategoryAlias' },
  { path: '/admin/products', labelKey: 'admin.menu.products' },
  { path: '/admin/prices', labelKey: 'admin.menu.prices' },
  { path: '/admin/wishlists', labelKey: 'admin.menu.wishlists' },
  { path: '/admin/store-ratings', labelKey: 'admin.menu.storeRatings' },
  { path: '/admin/site-configuration', labelKey: 'admin.menu.siteConfiguration' },
  { path: '/admin/site-configurations', labelKey: 'admin.menu.siteConfigurations' },
] as const;
