/**
 * antd theme and the notification host for the storefront (toasts: features/notifications).
 * The wrapper gives plain-markup parts (header, layout) the theme's font.
 */
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import nlNL from 'antd/locale/nl_NL';
import { useEffect, type ReactNode } from 'react';
import { themeConfig, useAuthStore } from '@koopjesland/shared';
import { NotificationsProvider } from './features/notifications/notifications';
import { registerStorefrontTranslations, useStorefrontT } from './i18n';

registerStorefrontTranslations();

export function StorefrontProviders({ children }: { children: ReactNode }) {
  const { i18n } = useStorefrontT();
  const initialize = useAuthStore((state) => state.initialize);
  useEffect(() => {
    void initialize();
  }, [initialize]);
  return (
    <ConfigProvider theme={themeConfig} locale={i18n.resolvedLanguage === 'en' ? enUS : nlNL}>
      <NotificationsProvider>
        <div className="kl-app" style={{ fontFamily: themeConfig.token.fontFamily }}>
          {children}
        </div>
      </NotificationsProvider>
    </ConfigProvider>
  );
}
