/**
 * The storefront's routes, mounted by the shell at '/*': home, login (with forgot and reset
 * password), the visitor's account, search, product, store, privacy, wishlist, deals and category pages. Each page is its own chunk (route-level splitting, docs/architecture.md "Front-end build and bundles").
 */
import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { HydrateLater } from './lib/hydrate-later';
import { StorefrontLayout } from './layout/StorefrontLayout';
import { PageSpinner } from './lib/feedback';
import { StorefrontProviders } from './StorefrontProviders';
import { ROUTE_PATTERNS } from './route-patterns';
import './storefront.css';
// The phone's product carousel (features/product/MobileCarousel.tsx) is in a lazy chunk but rendered
// by the server, so its styles are with the page's own, in the stylesheet the server's HTML links.
import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';
import { lazyWithAntd } from './lib/lazy-with-antd';

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

/** A page outside the storefront's layout (sign-in screens) shows its own spinner while its chunk loads. */
const withoutLayout = (page: ReactElement) => <Suspense fallback={<PageSpinner />}>{page}</Suspense>;

export default function StorefrontRoutes() {
  // The whole storefront hydrates after the shell, in slices.
  return (
    <HydrateLater>
      <StorefrontProviders>
        <Routes>
          <Route path="login" element={withoutLayout(<LoginPage />)} />
          <Route path="forgot-password" element={withoutLayout(<ForgotPasswordPage />)} />
          <Route path="reset-password" element={withoutLayout(<ResetPasswordPage />)} />
          <Route element={<StorefrontLayout />}>
            <Route index element={<HomePage />} />
            <Route path="account" element={<AccountPage />} />
            <Route path={ROUTE_PATTERNS.search} element={<SearchPage />} />
            <Route path={ROUTE_PATTERNS.product} element={<ProductPage />} />
            <Route path="privacy" element={<PrivacyPage />} />
            <Route path="wishlist" element={<WishlistPage />} />
            <Route path="store/:slug" element={<StorePage />} />
            <Route path="deals" element={<DealsPage />} />
            <Route path={ROUTE_PATTERNS.category} element={<CategoryPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </StorefrontProviders>
    </HydrateLater>
  );
}
