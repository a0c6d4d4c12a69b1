/**
 * What search engines may crawl, per site: the categories and products a domain's site
 * configuration shows (its root category's tree; every category without one), as sitemaps of
 * at most 50,000 URLs each (sitemaps.org's limit) under one index.
 */
import { OVERIG_SLUG } from '@koopjesland/shared/entities';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows as rows } from '../../db/sql';
import { PRODUCT_UPDATED_AT, PRODUCTS_WITH_PRICES } from '../offers/price-summary';
import { findSiteConfigurationByDomain } from '../site-configuration/repository';

export const SITEMAP_URL_LIMIT = 50_000;

/** The paths a crawler should leave alone: admin, search results, accounts and the API. */
export const DISALLOWED_PATHS = ['/admin', '/search', '/login', '/account', '/forgot-password', '/reset-password', '/wishlist', '/api/'];

export interface SitemapEntry {
  path: string;
  lastModified: Date;
}

/** The site's root category for a host name, or null when it shows the whole catalogue. */
export async function rootCategoryOf(db: Database, hostName: string): Promise<number | null> {
  const configuration = await findSiteConfigurationByDomain(db, hostName.toLowerCase());
  return configuration?.rootCategoryId ?? null;
}

/** Ids of the categories a site shows: its root's subtree, or every category; never Overig (unassigned products). */
function categoriesOfSite(rootCategoryId: number | null): SQL {
  const tree =
    rootCategoryId === null
      ? sql`select id from categories`
      : sql`with recursive tree as (
          select id from categories where id = ${rootCategoryId}
          union all
          select c.id from categories c join tree t on c.parent_id = t.id)
        select id from tree`;
  return sql`select id from categories where id in (${tree}) and slug <> ${OVERIG_SLUG}`;
}

function productsOfSite(rootCategoryId: number | null): SQL {
  return sql`select distinct pc.product_id from product_categories pc where pc.category_id in (${categoriesOfSite(rootCategoryId)})`;
}

export async function categoryEntries(db: Database, rootCategoryId: number | null): Promise<SitemapEntry[]> {
  const found = await rows<{ slug: string; updated_at: string | Date }>(
    db,
    sql`select slug, updated_at from categories where id in (${categoriesOfSite(rootCategoryId)}) order by id limit ${SITEMAP_URL_LIMIT}`,
  );
  return found.map((row) => ({ path: `/${row.slug}`, lastModified: new Date(row.updated_at) }));
}

/** How many product sitemaps the site has, and when its products last changed. */
export async function productSitemapPages(db: Database, rootCategoryId: number | null, limit = SITEMAP_URL_LIMIT) {
  const [row] = await rows<{ count: number; last_modified: string | Date | null }>(
    db,
    sql`select count(*)::int as count, max(${PRODUCT_UPDATED_AT}) as last_modified from ${PRODUCTS_WITH_PRICES}
      where p.id in (${productsOfSite(rootCategoryId)})`,
  );
  return { pages: Math.ceil((row?.count ?? 0) / limit), lastModified: row?.last_modified ? new Date(row.last_modified) : null };
}

/** One product sitemap (1-based page), in id order so a page keeps its URLs while products are added. */
export async function productEntries(db: Database, rootCategoryId: number | null, page: number, limit = SITEMAP_URL_LIMIT): Promise<SitemapEntry[]> {
  const found = await rows<{ id: number; slug: string; updated_at: string | Date }>(
    db,
    sql`select p.id, p.slug, ${PRODUCT_UPDATED_AT} as updated_at from ${PRODUCTS_WITH_PRICES}
      where p.id in (${productsOfSite(rootCategoryId)}) order by p.id limit ${limit} offset ${(page - 1) * limit}`,
  );
  return found.map((row) => ({ path: `/product/${row.slug}/${row.id}`, lastModified: new Date(row.updated_at) }));
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);

export function urlSet(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `<url><loc>${xml(origin + entry.path)}</loc><lastmod>${entry.lastModified.toISOString()}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(origin: string, sitemaps: { path: string; lastModified: Date | null }[]): string {
  const items = sitemaps.map(
    (sitemap) =>
      `<sitemap><loc>${xml(origin + sitemap.path)}</loc>${sitemap.lastModified ? `<lastmod>${sitemap.lastModified.toISOString()}</lastmod>` : ''}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
