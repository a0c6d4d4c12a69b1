/**
 * Exposed as `configAdmin/routes`: the shell mounts it at /admin (paths here are relative to
 * that). Users, site configuration(s), wishlists and store ratings.
 */
import { AdminPlaceholder, createAdminRemote } from '@koopjesland/shared/admin';
import { useTranslation } from 'react-i18next';
import { Route } from 'react-router-dom';
import { configAdminApi } from './api';
import { SiteConfigurationPage } from './features/site-configuration/SiteConfigurationPage';
import { SiteConfigurationsPage } from './features/site-configuration/SiteConfigurationsPage';
import { UserPlaceholderPage } from './features/users/UserPlaceholderPage';
import { UsersPage } from './features/users/UsersPage';
import { NAMESPACE, registerConfigAdminTranslations } from './i18n';

function Placeholder({ titleKey }: { titleKey: 'placeholders.wishlists' | 'placeholders.storeRatings' }) {
  const { t } = useTranslation(NAMESPACE);
  return <AdminPlaceholder title={t(titleKey)} />;
}

const configAdmin = createAdminRemote({
  api: configAdminApi,
  registerTranslations: registerConfigAdminTranslations,
  routes: (
    <>
      <Route path="users" element={<UsersPage />} />
      <Route path="users/new" element={<UserPlaceholderPage />} />
      <Route path="users/:id" element={<UserPlaceholderPage />} />
      <Route path="site-configuration" element={<SiteConfigurationPage />} />
      <Route path="site-configurations/*" element={<SiteConfigurationsPage />} />
      <Route path="wishlists/*" element={<Placeholder titleKey="placeholders.wishlists" />} />
      <Route path="store-ratings/*" element={<Placeholder titleKey="placeholders.storeRatings" />} />
    </>
  ),
});

export const ConfigAdminPages = configAdmin.Pages;
export const createConfigAdminStore = configAdmin.createStore;
export default configAdmin.Remote;
