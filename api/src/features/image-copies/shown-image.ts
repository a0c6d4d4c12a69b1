/**
 * How the storefront shows an image URL a store gave: our copy, as JSON built in SQL
 * (`{ src, srcSet, width, height }`, shared/entities ImageCopy), or null until the copy is made
 * or when it could not be. `src` names the product page's width (640 px, or the widest copy when
 * the original is narrower); `srcSet` every width made.
 */
import { sql, type SQL } from 'drizzle-orm';

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
