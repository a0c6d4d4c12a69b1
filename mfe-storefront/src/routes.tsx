/**
 * The storefront's routes, mounted by the shell at '/*': the pages of pages.tsx at their addresses
 * (VISITOR_PAGES), the sign-in screens on their own, the rest inside the storefront's layout.
 */
import { Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { VISITOR_PAGES } from '@koopjesland/shared';
import { HydrateLater } from './lib/hydrate-later';
import { StorefrontLayout } from './layout/StorefrontLayout';
import { PageSpinner } from './lib/feedback';
import { StorefrontProviders } from './StorefrontProviders';
import { routePath, STOREFRONT_PAGES, type StorefrontPage } from './pages';
import './storefront.css';
// The phone's product carousel (features/product/MobileCarousel.tsx) is in a lazy chunk but rendered
// by the server, so its styles are with the page's own, in the stylesheet the server's HTML links.
import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';

/** A page outside the storefront's layout (sign-in screens) shows its own spinner while its chunk loads. */
const withoutLayout = (page: ReactElement) => <Suspense fallback={<PageSpinner />}>{page}</Suspense>;

const route = ({ name, element }: StorefrontPage, inLayout: boolean) =>
  name === 'home' ? (
    <Route key={name} index element={element} />
  ) : (
    <Route key={name} path={routePath(name)} element={inLayout ? element : withoutLayout(element)} />
  );

export default function StorefrontRoutes() {
  // The whole storefront hydrates after the shell, in slices.
  return (
    <HydrateLater>
      <StorefrontProviders>
        <Routes>
          {STOREFRONT_PAGES.filter((page) => !VISITOR_PAGES[page.name].layout).map((page) => route(page, false))}
          <Route element={<StorefrontLayout />}>
            {STOREFRONT_PAGES.filter((page) => VISITOR_PAGES[page.name].layout).map((page) => route(page, true))}
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </StorefrontProviders>
    </HydrateLater>
  );
}
