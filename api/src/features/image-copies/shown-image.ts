/**
 * How the storefront shows an image URL a store gave: our copy, as JSON built in SQL
 * (`{ src, srcSet, width, height }`, shared/entities ImageCopy), or null until the copy is made
 * or when it could not be. `src` names the product page's width (640 px, or the widest copy when
 * the original is narrower); `srcSet` every width made.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ImageCopy } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/sql';

/** The copies' address prefix: GET /api/image-copies/{hash}/{width}.webp (routes.ts). */
export const IMAGE_COPY_PREFIX = '/api/image-copies/';
const DEFAULT_WIDTH = 640;

/** A scalar subquery: the shown copy of the image at `url` (an SQL expression), or null. */
export function imageCopyOf(url: SQL): SQL {
  const address = (width: SQL) => sql`${IMAGE_COPY_PREFIX} || ic.content_hash || '/' || ${width} || '.webp'`;
  return sql`(select json_build_object(
      'src', ${address(sql`(select coalesce(min(w) filter (where w >= ${DEFAULT_WIDTH}), max(w)) from unnest(ic.widths) as w)`)},
      'srcSet', (select string_agg(${address(sql`w`)} || ' ' || w || 'w', ', ' order by w) from unnest(ic.widths) as w),
      'width', ic.width, 'height', ic.height)
    from image_copies ic where ic.url = ${url} and ic.status = 'stored')`;
}

/** The shown copies of several image addresses (store logos, category images): those made so far. */
export async function imageCopiesOf(db: Pick<Database, 'execute'>, urls: readonly (string | null | undefined)[]): Promise<Map<string, ImageCopy>> {
  const wanted = [...new Set(urls.filter((url): url is string => Boolean(url)))];
  if (wanted.length === 0) return new Map();
  const rows = await selectRows<{ url: string; copy: ImageCopy | null }>(
    db,
    sql`select u.url, ${imageCopyOf(sql`u.url`)} as copy from json_array_elements_text(${JSON.stringify(wanted)}::json) as u(url)`,
  );
  return new Map(rows.flatMap((row) => (row.copy ? [[row.url, row.copy] as const] : [])));
}
