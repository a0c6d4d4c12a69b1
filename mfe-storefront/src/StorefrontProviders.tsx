/**
 * The storefront's data store, antd theme and notification host (toasts: features/notifications).
 * The wrapper gives plain-markup parts (header, layout) the theme's font.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import nlNL from 'antd/locale/nl_NL';
import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { themeConfig, useAuthStore, useHeadStyles, usePageStoreFactory, useRequestScoped } from '@koopjesland/shared';
import {
  createStorefrontStore,
  freezeQueries,
  hasFailedQueries,
  runningQueries,
  type StorefrontState,
  type StorefrontStore,
} from './api/store';
import { NotificationsProvider } from './features/notifications/notifications';
import { registerStorefrontTranslations, useStorefrontT } from './i18n';

registerStorefrontTranslations();

/** The key of the storefront's store in a server-rendered page's embedded state. */
export const STOREFRONT_STORE_KEY = 'storefront';

/**
 * `store`: a store made elsewhere (a test's); without one, this page gets its own for as long as
 * the storefront is mounted: on the server the request's (kept across render passes), in a
 * server-rendered page one starting from the state the server embedded.
 */
export function StorefrontProviders({ children, store }: { children: ReactNode; store?: StorefrontStore }) {
  const pageStoreFor = usePageStoreFactory<StorefrontStore>(STOREFRONT_STORE_KEY, runningQueries, {
    failed: hasFailedQueries,
    freeze: freezeQueries,
  });
  const [pageStore] = useState(
    () => store ?? pageStoreFor((initial) => createStorefrontStore(initial as Partial<StorefrontState> | undefined)),
  );
  const headStyles = useHeadStyles();
  // Server: antd's styles for this page are collected and sent in the head (no unstyled first paint).
  // One cache for the request: a pass finds the theme and the styles of the passes before it
  // (rebuilding them was a quarter of a render's CPU).
  const styleCache = useRequestScoped(`${STOREFRONT_STORE_KEY}:antd-styles`, createCache);
  if (headStyles && styleCache) headStyles(STOREFRONT_STORE_KEY, () => extractStyle(styleCache));
  const { i18n } = useStorefrontT();
  const initialize = useAuthStore((state) => state.initialize);
  useEffect(() => {
    void initialize();
  }, [initialize]);
  const content = (
    <Provider store={pageStore}>
      <ConfigProvider theme={themeConfig} locale={i18n.resolvedLanguage === 'en' ? enUS : nlNL}>
        <NotificationsProvider>
          <div className="kl-app" style={{ fontFamily: themeConfig.token.fontFamily }}>
            {children}
          </div>
        </NotificationsProvider>
      </ConfigProvider>
    </Provider>
  );
  return styleCache ? <StyleProvider cache={styleCache}>{content}</StyleProvider> : content;
}
