/** Exposed as `storeAdmin/routes`: the shell mounts it at /admin. Stores and prices. */
import { AdminPlaceholder, createAdminRemote } from '@koopjesland/shared/admin';
import { useTranslation } from 'react-i18next';
import { Route } from 'react-router-dom';
import { storeAdminApi } from './api';
import { StoreDetailPage } from './features/stores/StoreDetailPage';
import { StoresPage } from './features/stores/StoresPage';
import { NAMESPACE, registerStoreAdminTranslations } from './i18n';

/** The prices admin is later work. */
function PricesPlaceholder() {
  const { t } = useTranslation(NAMESPACE);
  return <AdminPlaceholder title={t('prices.title')} />;
}

const storeAdmin = createAdminRemote({
  api: storeAdminApi,
  registerTranslations: registerStoreAdminTranslations,
  routes: (
    <>
      <Route path="stores" element={<StoresPage />} />
      <Route path="stores/:id" element={<StoreDetailPage />} />
      <Route path="prices/*" element={<PricesPlaceholder />} />
    </>
  ),
});

export const StoreAdminPages = storeAdmin.Pages;
export const createStoreAdminStore = storeAdmin.createStore;
export default storeAdmin.Remote;
