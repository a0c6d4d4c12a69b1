/**
 * Which admin sections a signed-in user may open (docs/product.md §6): the areas of their role,
 * from the front-end manifest; the API enforces the same on every admin call.
 */
import { adminAreasOf, adminSections, mayUseArea } from '@koopjesland/shared/front-ends';

const AREA_OF_SEGMENT = new Map(adminSections().map((section) => [section.segment, section.area]));

/** The first path segment below /admin ('' for /admin itself). */
export const adminSegmentOf = (pathname: string) => pathname.split('/')[2] ?? '';

/** False when the path is a section of an area the user's role may not use. */
export function mayOpenAdminPath(user: Parameters<typeof adminAreasOf>[0], pathname: string): boolean {
  const area = AREA_OF_SEGMENT.get(adminSegmentOf(pathname));
  return !area || mayUseArea(adminAreasOf(user), area);
}
