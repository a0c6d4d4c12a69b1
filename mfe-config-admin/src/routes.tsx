/**
 * Exposed as `configAdmin/routes`: the shell mounts it at /admin (paths here are relative to
 * that). Users, site configuration(s), wishlists and store ratings.
 */
import { themeConfig } from '@koopjesland/shared';
import { App as AntApp, ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { Navigate, Route, Routes } from 'react-router-dom';
import { createConfigAdminStore } from './api/store';
import { ComingSoonPage } from './features/placeholders/ComingSoonPage';
import { SiteConfigurationPage } from './features/site-configuration/SiteConfigurationPage';
import { SiteConfigurationsPage } from './features/site-configuration/SiteConfigurationsPage';
import { UserPlaceholderPage } from './features/users/UserPlaceholderPage';
import { UsersPage } from './features/users/UsersPage';
import { registerConfigAdminTranslations } from './i18n';

registerConfigAdminTranslations();
const store = createConfigAdminStore();

export function ConfigAdminPages() {
  return (
    <Routes>
      <Route path="users" element={<UsersPage />} />
      <Route path="users/new" element={<UserPlaceholderPage />} />
      <Route path="users/:id" element={<UserPlaceholderPage />} />
      <Route path="site-configuration" element={<SiteConfigurationPage />} />
      <Route path="site-configurations/*" element={<SiteConfigurationsPage />} />
      <Route path="wishlists/*" element={<ComingSoonPage titleKey="placeholders.wishlists" />} />
      <Route path="store-ratings/*" element={<ComingSoonPage titleKey="placeholders.storeRatings" />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export default function ConfigAdminRoutes() {
  return (
    <Provider store={store}>
      <ConfigProvider theme={themeConfig}>
        <AntApp>
          <ConfigAdminPages />
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
