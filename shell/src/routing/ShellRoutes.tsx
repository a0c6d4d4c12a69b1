/**
 * Top-level routes: the guarded admin area (layout loaded lazily, remotes mounted at /admin)
 * and the storefront at `/*`. Paths no area owns redirect to `/` (route-table.ts).
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { AdminGuard } from '../auth/AdminGuard';
import { RemoteArea } from '../federation/RemoteArea';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';
import { ADMIN_HOME, adminRemoteFor, isStorefrontPath } from './route-table';

// Admin-only code (antd layout and menu) stays out of the visitor's first load.
const AdminLayout = lazy(() => import('../admin-layout/AdminLayout'));

function AdminSection() {
  const rest = useParams()['*'] ?? '';
  const remote = adminRemoteFor(rest);
  if (!remote) return <Navigate to="/" replace />;
  // `key` gives each remote its own boundary and load state.
  return <RemoteArea key={remote} name={remote} />;
}

function VisitorArea() {
  const { pathname } = useLocation();
  if (!isStorefrontPath(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)) {
    return <Navigate to="/" replace />;
  }
  return <RemoteArea name="storefront" />;
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
        <Route index element={<Navigate to={ADMIN_HOME} replace />} />
        <Route path="*" element={<AdminSection />} />
      </Route>
      <Route path="/*" element={<VisitorArea />} />
    </Routes>
  );
}
