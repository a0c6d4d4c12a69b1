/** Exposed as `storeAdmin/routes`: the shell mounts it at /admin. Stores and prices. */
import { themeConfig } from '@koopjesland/shared';
import { App as AntApp, ConfigProvider, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { Navigate, Route, Routes } from 'react-router-dom';
import { createStoreAdminStore } from './api/store';
import { StoreDetailPage } from './features/stores/StoreDetailPage';
import { StoresPage } from './features/stores/StoresPage';
import { NAMESPACE, registerStoreAdminTranslations } from './i18n';

registerStoreAdminTranslations();
const store = createStoreAdminStore();

/** Prices admin is later work. */
function PricesPlaceholder() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <Typography.Title level={2}>{t('prices.title')}</Typography.Title>
      <Empty description={t('prices.comingSoon')} />
    </>
  );
}

export function StoreAdminPages() {
  return (
    <Routes>
      <Route path="stores" element={<StoresPage />} />
      <Route path="stores/:id" element={<StoreDetailPage />} />
      <Route path="prices/*" element={<PricesPlaceholder />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export default function StoreAdminRoutes() {
  return (
    <Provider store={store}>
      <ConfigProvider theme={themeConfig}>
        <AntApp>
          <StoreAdminPages />
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
