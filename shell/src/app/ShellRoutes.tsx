/**
 * Top-level routes: the guarded admin area (layout loaded lazily, remotes mounted at /admin)
 * and the storefront at `/*`. Which area owns a path, and where other paths go, is decided by
 * `resolveRoute` (route-table.ts) alone.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AdminGuard } from '../admin-layout/AdminGuard';
import { RemoteArea } from '../federation/RemoteArea';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';
import { resolveRoute, STOREFRONT_REMOTE } from '../routing/route-table';

// Admin-only code (antd layout and menu) stays out of the visitor's first load.
const AdminLayout = lazy(() => import('../admin-layout/AdminLayout'));

/** The remote that owns the current path, or the redirect `resolveRoute` decides. */
function ResolvedArea() {
  const { pathname } = useLocation();
  const target = resolveRoute(pathname);
  if (target.kind === 'redirect') return <Navigate to={target.to} replace />;
  const remote = target.kind === 'admin' ? target.remote : STOREFRONT_REMOTE;
  // `key` gives each remote its own boundary and load state.
  return <RemoteArea key={remote} name={remote} />;
}

export function ShellRoutes() {
  return (
    <Routes>
      <Route
        path="/admin"
        element={
          <AdminGuard>
            <Suspense fallback={<FullScreenSpinner />}>
              <AdminLayout />
            </Suspense>
          </AdminGuard>
        }
      >
        <Route index element={<ResolvedArea />} />
        <Route path="*" element={<ResolvedArea />} />
      </Route>
      <Route path="/*" element={<ResolvedArea />} />
    </Routes>
  );
}
