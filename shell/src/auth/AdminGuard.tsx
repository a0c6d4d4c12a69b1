/**
 * /admin needs an authenticated user with an admin role (admin, merchandiser or store manager);
 * everyone else is silently sent to / (docs/product.md §4). Inside, a section of an area the role
 * may not use sends the user to the first section they may use: a merchandiser at /admin/stores
 * lands on /admin/categories.
 */
import { selectIsAuthenticated, useAuthStore } from '@koopjesland/shared';
import { adminAreasOf, adminSections, mayUseArea } from '@koopjesland/shared/front-ends';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { menuFor } from '../admin-layout/menu';

const AREA_OF_SEGMENT = new Map(adminSections().map((section) => [section.segment, section.area]));

export function AdminGuard({ children }: { children: ReactNode }) {
  const authenticated = useAuthStore(selectIsAuthenticated);
  const user = useAuthStore((state) => state.user);
  const { pathname } = useLocation();
  const areas = adminAreasOf(user);
  if (!authenticated || areas.length === 0) return <Navigate to="/" replace />;

  const segment = pathname.split('/')[2] ?? '';
  const area = AREA_OF_SEGMENT.get(segment);
  if (area && !mayUseArea(areas, area)) {
    const home = menuFor(user)[0]?.path ?? '/';
    return <Navigate to={home} replace />;
  }
  return <>{children}</>;
}
