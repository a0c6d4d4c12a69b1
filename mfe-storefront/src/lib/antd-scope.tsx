/**
 * antd's theme, locale and (on the server) style collection, for the storefront's parts that use
 * antd: dialogs, the category drawer, toasts, the price history and the account and store pages.
 * Visitor pages' first load carries no antd (plain markup in lib/), so this module only arrives
 * with those parts, through `lazyWithAntd` (lib/lazy-with-antd.tsx).
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import nlNL from 'antd/es/locale/nl_NL';
import type { ReactNode } from 'react';
import { themeConfig, useHeadStyles, useRequestScoped } from '@koopjesland/shared';
import { useStorefrontT } from '../i18n';

/** The head styles' key of the antd rules a server render used. */
const ANTD_STYLES_KEY = 'storefront:antd-styles';

export function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useStorefrontT();
  const headStyles = useHeadStyles();
  // Server: antd's styles for this page are collected and sent in the head (no unstyled first paint).
  // One cache for the request, shared by every scope on the page (rebuilding the theme and the
  // styles per scope was a quarter of a render's CPU).
  const styleCache = useRequestScoped(ANTD_STYLES_KEY, createCache);
  if (headStyles && styleCache) headStyles(ANTD_STYLES_KEY, () => extractStyle(styleCache));
  const content = (
    <ConfigProvider theme={themeConfig} locale={i18n.resolvedLanguage === 'en' ? enUS : nlNL}>
      {children}
    </ConfigProvider>
  );
  return styleCache ? <StyleProvider cache={styleCache}>{content}</StyleProvider> : content;
}
