/**
 * The patterns of the pages the server renders besides the home page, relative to the storefront's
 * mount point: routes.tsx mounts the pages on them and page-data.ts loads their data by them, so
 * a renamed route cannot leave its loader behind.
 */
export const ROUTE_PATTERNS = {
  search: 'search',
  product: 'product/:slug/:id',
  category: ':slug',
} as const;
