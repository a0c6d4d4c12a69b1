/**
 * The shared catalog modals (`@koopjesland/shared/catalog`) bound to the storefront's slice and
 * toasts, so a save refreshes the open category or product page. Loaded lazily (admins only).
 */
import { catalogModalEndpoints, createCatalogModals } from '@koopjesland/shared/catalog';
import type { ReactNode } from 'react';
import { storefrontApi } from '../../api/store';
import { useNotify } from '../notifications/notifications';

const catalogModalsApi = storefrontApi.injectEndpoints({ endpoints: catalogModalEndpoints });

function useStorefrontModalNotify() {
  const notify = useNotify();
  return {
    success: (title: ReactNode) => notify.success({ title }),
    error: (title: ReactNode) => notify.error({ title }),
  };
}

export const { AssignProductsModal, AssignCategoriesModal, CategorySettingsModal } = createCatalogModals(
  catalogModalsApi,
  useStorefrontModalNotify,
);
