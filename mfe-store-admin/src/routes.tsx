/**
 * Exposed as `storeAdmin/routes`: the shell mounts it at /admin. Stores, their feeds, prices, held
 * prices and wrong-price reports, and the overview that is a store manager's or merchandiser's home.
 */
import { createAdminRemote } from '@koopjesland/shared/admin';
import { Route } from 'react-router-dom';
import { storeAdminApi } from './api';
import { FeedRunsPage } from './features/stores/FeedRunsPage';
import { HeldPricesPage } from './features/held-prices/HeldPricesPage';
import { PriceReportsPage } from './features/price-reports/PriceReportsPage';
import { OverviewPage } from './features/overview/OverviewPage';
import { NewPricePage } from './features/prices/NewPricePage';
import { PriceDetailPage } from './features/prices/PriceDetailPage';
import { PricesPage } from './features/prices/PricesPage';
import { NewStorePage } from './features/stores/CreateStore';
import { StoreDetailPage } from './features/stores/StoreDetailPage';
import { StoresPage } from './features/stores/StoresPage';
import { registerStoreAdminTranslations } from './i18n';

const storeAdmin = createAdminRemote({
  api: storeAdminApi,
  registerTranslations: registerStoreAdminTranslations,
  routes: (
    <>
      <Route path="overview" element={<OverviewPage />} />
      <Route path="stores" element={<StoresPage />} />
      <Route path="stores/new" element={<NewStorePage />} />
      <Route path="stores/:id" element={<StoreDetailPage />} />
      <Route path="stores/:id/feeds/:feedId" element={<FeedRunsPage />} />
      <Route path="prices" element={<PricesPage />} />
      <Route path="prices/new" element={<NewPricePage />} />
      <Route path="prices/:id" element={<PriceDetailPage />} />
      <Route path="held-prices" element={<HeldPricesPage />} />
      <Route path="price-reports" element={<PriceReportsPage />} />
    </>
  ),
});

export const StoreAdminPages = storeAdmin.Pages;
export const createStoreAdminStore = storeAdmin.createStore;
export default storeAdmin.Remote;
