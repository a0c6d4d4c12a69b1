/**
 * Exposed as `catalogAdmin/routes`: the shell mounts it at /admin. Categories, category
 * aliases, bulk alias assignment and products.
 */
import { AdminPlaceholder, createAdminRemote } from '@koopjesland/shared/admin';
import { useTranslation } from 'react-i18next';
import { Route } from 'react-router-dom';
import { catalogAdminApi } from './api';
import { CategoriesPage } from './features/categories/CategoriesPage';
import { CategoryDetailPage } from './features/categories/CategoryDetailPage';
import { NAMESPACE, registerCatalogAdminTranslations } from './i18n';

type PlaceholderKey = 'placeholders.categoryAliases' | 'placeholders.bulkCategoryAlias' | 'placeholders.products';

/** Pages of this remote that are later work. */
function Placeholder({ titleKey }: { titleKey: PlaceholderKey }) {
  const { t } = useTranslation(NAMESPACE);
  return <AdminPlaceholder title={t(titleKey)} />;
}

const catalogAdmin = createAdminRemote({
  api: catalogAdminApi,
  registerTranslations: registerCatalogAdminTranslations,
  routes: (
    <>
      <Route path="categories" element={<CategoriesPage />} />
      <Route path="categories/:id" element={<CategoryDetailPage />} />
      <Route path="category-aliases/*" element={<Placeholder titleKey="placeholders.categoryAliases" />} />
      <Route path="bulk-category-alias" element={<Placeholder titleKey="placeholders.bulkCategoryAlias" />} />
      <Route path="products/*" element={<Placeholder titleKey="placeholders.products" />} />
    </>
  ),
});

export const CatalogAdminPages = catalogAdmin.Pages;
export const createCatalogAdminStore = catalogAdmin.createStore;
export default catalogAdmin.Remote;
