/** This remote's RTK Query slice; endpoints are injected per feature. */
import { createAdminApi } from '@koopjesland/shared/admin';

export const configAdminApi = createAdminApi('configAdminApi', [
  'User',
  'SiteConfiguration',
  'Wishlist',
  'StoreRating',
  'Outbox',
  'Audit',
]);
