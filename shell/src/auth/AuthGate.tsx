/** Checks stored credentials once at start; the routes wait behind a spinner meanwhile (docs/product.md §2). */
import { useAuthStore } from '@koopjesland/shared';
import { type ReactNode, useEffect } from 'react';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';

export function AuthGate({ children }: { children: ReactNode }) {
  const status = useAuthStore((state) => state.status);
  useEffect(() => {
    void useAuthStore.getState().initialize();
  }, []);
  return status === 'loading' ? <FullScreenSpinner /> : <>{children}</>;
}
