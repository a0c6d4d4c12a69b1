/**
 * What every admin remote is made of, so its `routes.tsx` is only its route list: the Redux
 * store of its RTK Query slice, the providers (antd theme and locale, antd App for notices and
 * confirmations), an error boundary, the base path for relative links, and a not-found page.
 */
import { themeConfig } from '@koopjesland/shared';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import nlNL from 'antd/locale/nl_NL';
import { useState, type ReactNode } from 'react';
import { useNamespaceT } from '../i18n/use-namespace-t';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router-dom';
import { AdminErrorBoundary } from './AdminErrorBoundary';
import { registerAdminKitTranslations } from './i18n';
import { AdminNotFound } from './pages';
import { AdminBaseProvider } from './paths';
import { createAdminStore, type AdminApi, type AdminStore } from './store';

export interface AdminRemoteOptions {
  /** The remote's RTK Query slice (`createAdminApi`). */
  api: AdminApi;
  /** `<Route>` elements, paths relative to the mount path (`users`, `users/:id`). */
  routes: ReactNode;
  /** Registers the remote's own translations. */
  registerTranslations: () => void;
}

export interface AdminRemote {
  /** The exposed `./routes` component the shell mounts. */
  Remote: () => ReactNode;
  /** The pages with the providers but a given store: for tests, each with a fresh store. */
  Pages: (props: { store?: AdminStore }) => ReactNode;
  createStore: () => AdminStore;
}

export function createAdminRemote({ api, routes, registerTranslations }: AdminRemoteOptions): AdminRemote {
  registerAdminKitTranslations();
  registerTranslations();
  const createStore = () => createAdminStore(api);

  function Area({ store }: { store: AdminStore }) {
    const { i18n } = useNamespaceT('common');
    return (
      <Provider store={store}>
        <ConfigProvider theme={themeConfig} locale={i18n.resolvedLanguage === 'en' ? enUS : nlNL}>
          <AntApp>
            <AdminBaseProvider>
              <AdminErrorBoundary>
                <Routes>
                  {routes}
                  <Route path="*" element={<AdminNotFound />} />
                </Routes>
              </AdminErrorBoundary>
            </AdminBaseProvider>
          </AntApp>
        </ConfigProvider>
      </Provider>
    );
  }

  function Pages({ store }: { store?: AdminStore }) {
    // One store per mounted instance unless a test hands one in.
    const [own] = useState(() => store ?? createStore());
    return <Area store={own} />;
  }

  let pageStore: AdminStore | null = null;
  function Remote() {
    // The store outlives remounts (leaving and re-entering the area keeps the cache).
    pageStore ??= createStore();
    return <Area store={pageStore} />;
  }

  return { Remote, Pages, createStore };
}
