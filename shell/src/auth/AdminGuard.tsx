/** /admin needs an authenticated admin; everyone else is silently sent to / (docs/product.md §4). */
import { selectIsAdmin, useAuthStore } from '@koopjesland/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

export function AdminGuard({ children }: { children: ReactNode }) {
  const isAdmin = useAuthStore(selectIsAdmin);
  return isAdmin ? <>{children}</> : <Navigate to="/" replace />;
}
