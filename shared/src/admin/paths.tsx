/**
 * Links relative to the admin area's mount path. The shell mounts admin remotes at /admin (the
 * standalone harness and tests too), but a remote never writes that prefix itself: it asks
 * `useAdminPath()` for `adminPath('users', id)`, so moving the area changes one place.
 */
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';

const AdminBaseContext = createContext<string | null>(null);

/**
 * Records where the area is mounted: the remote is rendered by a splat route (`/admin/*`), so
 * the mount path is the address without the splat's segments (counted, so encoding cannot differ).
 */
export function AdminBaseProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  const segments = pathname.split('/').filter(Boolean);
  const restCount = rest.split('/').filter(Boolean).length;
  const base = `/${segments.slice(0, segments.length - restCount).join('/')}`.replace(/\/+$/, '');
  return <AdminBaseContext.Provider value={base}>{children}</AdminBaseContext.Provider>;
}

export type AdminPath = (...segments: (string | number)[]) => string;

export function useAdminPath(): AdminPath {
  const base = useContext(AdminBaseContext);
  if (base === null) throw new Error('useAdminPath needs AdminBaseProvider (createAdminRemote provides it)');
  return useCallback(
    (...segments) => [base, ...segments.map((segment) => encodeURIComponent(String(segment)))].join('/'),
    [base],
  );
}
