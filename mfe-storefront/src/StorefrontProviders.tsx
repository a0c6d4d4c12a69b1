/**
 * The storefront's data store and notification host (toasts: features/notifications). The wrapper
 * gives the page the theme's font. antd's theme comes with the parts that use antd (lib/antd-scope.tsx).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import {
  serverPageStore,
  themeConfig,
  useAuthStore,
  usePageStoreFactory,
  useRequestApiScope,
  type RequestScope,
  type ServerStoreHandle,
} from '@koopjesland/shared';
import { createStorefrontStore, type StorefrontState, type StorefrontStore } from './api/store';
import { NotificationsProvider } from './features/notifications/notifications';
import { registerStorefrontTranslations } from './i18n';

registerStorefrontTranslations();

/** The key of the storefront's store in a server-rendered page's embedded state. */
export const STOREFRONT_STORE_KEY = 'storefront';

/** Server only: the request's storefront store (the one the render's providers will use), made on first use. */
export function serverStorefrontStore(stores: Map<string, ServerStoreHandle>, scope: RequestScope): StorefrontStore {
  return serverPageStore(stores, STOREFRONT_STORE_KEY, () => createStorefrontStore(undefined, scope));
}

/**
 * `store`: a store made elsewhere (a test's); without one, this page gets its own for as long as
 * the storefront is mounted: on the server the request's (filled by the page's loader), in a
 * server-rendered page one starting from the state the server embedded.
 */
export function StorefrontProviders({ children, store }: { children: ReactNode; store?: StorefrontStore }) {
  const pageStoreFor = usePageStoreFactory<StorefrontStore>(STOREFRONT_STORE_KEY);
  const scope = useRequestApiScope();
  const [pageStore] = useState(
    () => store ?? pageStoreFor((initial) => createStorefrontStore(initial as Partial<StorefrontState> | undefined, scope)),
  );
  const initialize = useAuthStore((state) => state.initialize);
  useEffect(() => {
    void initialize();
  }, [initialize]);
  return (
    <Provider store={pageStore}>
      <NotificationsProvider>
        <div className="kl-app" style={{ fontFamily: themeConfig.token.fontFamily }}>
          {children}
        </div>
      </NotificationsProvider>
    </Provider>
  );
}
