/**
 * First path segments of the site's own pages (storefront, shell, API and crawl files): a
 * category lives at /{slug}, so none may take one of these. No zod here: the visitor pages'
 * route table imports this, and a visitor's browser must not download the schema library for it.
 */
export const RESERVED_PAGE_SLUGS = [
  'account', 'admin', 'api', 'compare', 'deals', 'forgot-password', 'login', 'media', 'privacy', 'product', 'reset-password',
  'robots.txt', 'search', 'sitemap.xml', 'sitemaps', 'store', 'wishlist',
] as const;

export const isReservedPageSlug = (slug: string): boolean => (RESERVED_PAGE_SLUGS as readonly string[]).includes(slug);
