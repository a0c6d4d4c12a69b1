/**
 * Exposed as `catalogAdmin/routes`: the shell mounts it at /admin. Categories, category
 * aliases, bulk alias assignment and products.
 */
import { themeConfig } from '@koopjesland/shared';
import { App as AntApp, ConfigProvider, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { Navigate, Route, Routes } from 'react-router-dom';
import { createCatalogAdminStore } from './api/store';
import { CategoriesPage } from './features/categories/CategoriesPage';
import { CategoryDetailPage } from './features/categories/CategoryDetailPage';
import { NAMESPACE, registerCatalogAdminTranslations } from './i18n';

registerCatalogAdminTranslations();
const store = createCatalogAdminStore();

type PlaceholderKey = 'placeholders.categoryAliases' | 'placeholders.bulkCategoryAlias' | 'placeholders.products';

/** Pages of this remote that are later work. */
function Placeholder({ titleKey }: { titleKey: PlaceholderKey }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <Typography.Title level={2}>{t(titleKey)}</Typography.Title>
      <Empty description={t('placeholders.comingSoon')} />
    </>
  );
}

export function CatalogAdminPages() {
  return (
    <Routes>
      <Route path="categories" element={<CategoriesPage />} />
      <Route path="categories/:id" element={<CategoryDetailPage />} />
      <Route path="category-aliases/*" element={<Placeholder titleKey="placeholders.categoryAliases" />} />
      <Route path="bulk-category-alias" element={<Placeholder titleKey="placeholders.bulkCategoryAlias" />} />
      <Route path="products/*" element={<Placeholder titleKey="placeholders.products" />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export default function CatalogAdminRoutes() {
  return (
    <Provider store={store}>
      <ConfigProvider theme={themeConfig}>
        <AntApp>
          <CatalogAdminPages />
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
