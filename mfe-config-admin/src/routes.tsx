/**
 * Exposed as `configAdmin/routes`: the shell mounts it at /admin (paths here are relative to
 * that). Users, site configuration(s), wishlists, store ratings, the outbox and the audit trail.
 */
import { createAdminRemote } from '@koopjesland/shared/admin';
import { Route } from 'react-router-dom';
import { configAdminApi } from './api';
import { AuditPage } from './features/audit/AuditPage';
import { MadeByVisitorsPage } from './features/made-by-visitors';
import { OutboxMessagePage } from './features/outbox/OutboxMessagePage';
import { OutboxPage } from './features/outbox/OutboxPage';
import { SiteConfigurationPage } from './features/site-configuration/SiteConfigurationPage';
import { SiteConfigurationsPage } from './features/site-configuration/SiteConfigurationsPage';
import { StoreRatingDetailPage } from './features/store-ratings/StoreRatingDetailPage';
import { StoreRatingsPage } from './features/store-ratings/StoreRatingsPage';
import { UserCreatePage } from './features/users/UserCreatePage';
import { UserDetailPage } from './features/users/UserDetailPage';
import { UsersPage } from './features/users/UsersPage';
import { WishlistDetailPage } from './features/wishlists/WishlistDetailPage';
import { WishlistsPage } from './features/wishlists/WishlistsPage';
import { registerConfigAdminTranslations } from './i18n';

const configAdmin = createAdminRemote({
  api: configAdminApi,
  registerTranslations: registerConfigAdminTranslations,
  routes: (
    <>
      <Route path="users" element={<UsersPage />} />
      <Route path="users/new" element={<UserCreatePage />} />
      <Route path="users/:id" element={<UserDetailPage />} />
      <Route path="site-configuration" element={<SiteConfigurationPage />} />
      <Route path="site-configurations" element={<SiteConfigurationsPage />} />
      <Route path="wishlists" element={<WishlistsPage />} />
      <Route path="wishlists/new" element={<MadeByVisitorsPage section="wishlists" />} />
      <Route path="wishlists/:id" element={<WishlistDetailPage />} />
      <Route path="store-ratings" element={<StoreRatingsPage />} />
      <Route path="store-ratings/new" element={<MadeByVisitorsPage section="storeRatings" />} />
      <Route path="store-ratings/:id" element={<StoreRatingDetailPage />} />
      <Route path="outbox" element={<OutboxPage />} />
      <Route path="outbox/:id" element={<OutboxMessagePage />} />
      <Route path="audit" element={<AuditPage />} />
    </>
  ),
});

export const ConfigAdminPages = configAdmin.Pages;
export const createConfigAdminStore = configAdmin.createStore;
export default configAdmin.Remote;
