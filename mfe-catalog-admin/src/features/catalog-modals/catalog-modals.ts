/**
 * The shared catalog modals (`@koopjesland/shared/catalog`, the same components the storefront
 * opens) bound to this remote's slice and the admin notices.
 */
import { ADMIN_CATEGORY_SETTINGS } from '@koopjesland/shared';
import { useAdminNotices } from '@koopjesland/shared/admin';
import { catalogModalEndpoints, createCatalogModals } from '@koopjesland/shared/catalog';
import { catalogAdminApi } from '../../api';

const catalogModalsApi = catalogAdminApi.injectEndpoints({ endpoints: catalogModalEndpoints });

export const { AssignProductsModal, AssignCategoriesModal, CategorySettingsModal } = createCatalogModals(
  catalogModalsApi,
  useAdminNotices,
  { unsavedSettings: ADMIN_CATEGORY_SETTINGS },
);
