/**
 * antd theme and the notification host for the storefront: at most 5 toasts per position
 * (the rest queue), bottom-right, closing after 4 s (spec §4, §9).
 */
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import nlNL from 'antd/locale/nl_NL';
import { useEffect, type ReactNode } from 'react';
import { themeConfig, useAuthStore } from '@koopjesland/shared';
import { registerStorefrontTranslations, useStorefrontT } from './i18n';

registerStorefrontTranslations();

export const NOTIFICATION_CONFIG = { placement: 'bottomRight', maxCount: 5, duration: 4 } as const;

export function StorefrontProviders({ children }: { children: ReactNode }) {
  const { i18n } = useStorefrontT();
  const initialize = useAuthStore((state) => state.initialize);
  useEffect(() => {
    void initialize();
  }, [initialize]);
  return (
    <ConfigProvider theme={themeConfig} locale={i18n.resolvedLanguage === 'en' ? enUS : nlNL}>
      <AntApp notification={NOTIFICATION_CONFIG}>{children}</AntApp>
    </ConfigProvider>
  );
}
