/**
 * /admin needs an authenticated user with an admin role (admin, merchandiser or store manager);
 * everyone else is silently sent to / (docs/product.md §4). The bare /admin leads an admin to the
 * users (the spec's first sidebar link) and another role to the first section it may use: its
 * overview, the role's home (the overview sits right after users in the sidebar's order). A
 * section the role may not use is not redirected: the layout shows the access-denied page there.
 */
import { selectIsAuthenticated, useAuthStore } from '@koopjesland/shared';
import { adminAreasOf, mayUseArea } from '@koopjesland/shared/front-ends';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { menuFor } from './menu';
import { adminSegmentOf } from '../auth/section-access';

export function AdminGuard({ children }: { children: ReactNode }) {
  const authenticated = useAuthStore(selectIsAuthenticated);
  const user = useAuthStore((state) => state.user);
  const { pathname } = useLocation();
  const areas = adminAreasOf(user);
  if (!authenticated || areas.length === 0) return <Navigate to="/" replace />;
  if (adminSegmentOf(pathname) === '' && !mayUseArea(areas, 'config')) {
    return <Navigate to={menuFor(user)[0]?.path ?? '/'} replace />;
  }
  return <>{children}</>;
}
