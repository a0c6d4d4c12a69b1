/**
 * Exposed as `catalogAdmin/routes`: the shell mounts it at /admin. Categories, category
 * aliases, bulk alias assignment and products.
 */
import { createAdminRemote } from '@koopjesland/shared/admin';
import { Route } from 'react-router-dom';
import { catalogAdminApi } from './api';
import { CategoriesPage } from './features/categories/CategoriesPage';
import { CategoryDetailPage } from './features/categories/CategoryDetailPage';
import { BulkAliasPage } from './features/category-aliases/BulkAliasPage';
import { CategoryAliasDetailPage } from './features/category-aliases/CategoryAliasDetailPage';
import { CategoryAliasesPage } from './features/category-aliases/CategoryAliasesPage';
import { ProductDetailPage } from './features/products/ProductDetailPage';
import { ProductsPage } from './features/products/ProductsPage';
import { registerCatalogAdminTranslations } from './i18n';

const catalogAdmin = createAdminRemote({
  api: catalogAdminApi,
  registerTranslations: registerCatalogAdminTranslations,
  routes: (
    <>
      <Route path="categories" element={<CategoriesPage />} />
      <Route path="categories/:id" element={<CategoryDetailPage />} />
      <Route path="category-aliases" element={<CategoryAliasesPage />} />
      <Route path="category-aliases/:aliasId" element={<CategoryAliasDetailPage />} />
      <Route path="bulk-category-alias" element={<BulkAliasPage />} />
      <Route path="products" element={<ProductsPage />} />
      <Route path="products/:id" element={<ProductDetailPage />} />
    </>
  ),
});

export const CatalogAdminPages = catalogAdmin.Pages;
export const createCatalogAdminStore = catalogAdmin.createStore;
export default catalogAdmin.Remote;
