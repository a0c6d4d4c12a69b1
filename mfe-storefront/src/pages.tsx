/**
 * The storefront's pages as objects: the page's name (its address pattern is declared once, in
 * @koopjesland/shared's VISITOR_PAGES), the element the client router mounts there (routes.tsx),
 * and, for the pages the server renders, the loader of their data (page-data.ts), which the
 * server runs before its render. Each page is its own chunk (route-level splitting).
 */
import { lazy, type ReactElement } from 'react';
import { matchVisitorPage, VISITOR_PAGES, type PageRequest, type VisitorPageName } from '@koopjesland/shared';
import type { StorefrontStore } from './api/store';
import { lazyWithAntd } from './lib/lazy-with-antd';
import { loadCategoryPage, loadComparePage, loadHomePage, loadProductPage, loadSearchPage, type PageLoader } from './page-data';

const HomePage = lazy(() => import('./features/home/HomePage'));
const LoginPage = lazyWithAntd(() => import('./features/login/LoginPage'));
const ForgotPasswordPage = lazyWithAntd(() => import('./features/login/ForgotPasswordPage'));
const ResetPasswordPage = lazyWithAntd(() => import('./features/login/ResetPasswordPage'));
const AccountPage = lazyWithAntd(() => import('./features/login/AccountPage'));
const SearchPage = lazy(() => import('./features/search/SearchPage'));
const ProductPage = lazy(() => import('./features/product/ProductPage'));
const CategoryPage = lazy(() => import('./features/category/CategoryPage'));
const PrivacyPage = lazyWithAntd(() => import('./features/privacy/PrivacyPage'));
const WishlistPage = lazyWithAntd(() => import('./features/wishlist/WishlistPage'));
const StorePage = lazyWithAntd(() => import('./features/store-page/StorePage'));
const DealsPage = lazyWithAntd(() => import('./features/deals/DealsPage'));
const ComparePage = lazy(() => import('./features/compare/ComparePage'));

export interface StorefrontPage {
  name: VisitorPageName;
  element: ReactElement;
  /** The page's data, loaded before the server renders it (server-rendered pages only). */
  load?: PageLoader;
}

export const STOREFRONT_PAGES: StorefrontPage[] = [
  { name: 'login', element: <LoginPage /> },
  { name: 'forgotPassword', element: <ForgotPasswordPage /> },
  { name: 'resetPassword', element: <ResetPasswordPage /> },
  { name: 'home', element: <HomePage />, load: loadHomePage },
  { name: 'account', element: <AccountPage /> },
  { name: 'search', element: <SearchPage />, load: loadSearchPage },
  { name: 'product', element: <ProductPage />, load: loadProductPage },
  { name: 'privacy', element: <PrivacyPage /> },
  { name: 'wishlist', element: <WishlistPage /> },
  { name: 'store', element: <StorePage /> },
  { name: 'deals', element: <DealsPage /> },
  { name: 'compare', element: <ComparePage />, load: loadComparePage },
  { name: 'category', element: <CategoryPage />, load: loadCategoryPage },
];

/** The page's pattern as the router under the storefront's mount point (`/*`) writes it. */
export const routePath = (name: VisitorPageName) => VISITOR_PAGES[name].path.slice(1);

/** Loads the data of the page at `url` (path and query) into `store`; failures stay in the store for the page to show. */
export async function loadPageData(store: StorefrontStore, url: string, request: PageRequest): Promise<void> {
  const { pathname, searchParams } = new URL(url, 'http://page.invalid');
  const match = matchVisitorPage(pathname);
  const page = match && STOREFRONT_PAGES.find((candidate) => candidate.name === match.name);
  await page?.load?.(store, match!.params, searchParams, request);
}
