/**
 * The storefront's data store, antd theme and notification host (toasts: features/notifications).
 * The wrapper gives plain-markup parts (header, layout) the theme's font.
 */
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import nlNL from 'antd/locale/nl_NL';
import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { themeConfig, useAuthStore } from '@koopjesland/shared';
import { createStorefrontStore, type StorefrontStore } from './api/store';
import { NotificationsProvider } from './features/notifications/notifications';
import { registerStorefrontTranslations, useStorefrontT } from './i18n';

registerStorefrontTranslations();

/**
 * `store`: a store made elsewhere (a server render's, filled before rendering, or a test's);
 * without one, this page gets its own for as long as the storefront is mounted.
 */
export function StorefrontProviders({ children, store }: { children: ReactNode; store?: StorefrontStore }) {
  const [pageStore] = useState(() => store ?? createStorefrontStore());
  const { i18n } = useStorefrontT();
  const initialize = useAuthStore((state) => state.initialize);
  useEffect(() => {
    void initialize();
  }, [initialize]);
  return (
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
}
