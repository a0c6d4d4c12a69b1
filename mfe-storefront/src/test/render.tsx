/**
 * Test harness: the storefront's providers with a fresh data store per render, the browser's
 * router (as in the shell) at a given address, English texts, and the site configuration as the shell would have loaded it.
 */
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { changeLanguage, useAuthStore, useSiteConfigStore, type SiteConfigState, type User } from '@koopjesland/shared';
import { createStorefrontStore, type StorefrontStore } from '../api/store';
import { StorefrontProviders } from '../StorefrontProviders';

// The first antd render in a jsdom worker is slow (style generation).
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20000);

/** Shows the current address so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `ui` at `route` with a fresh data store (or the given one); returns it with the render result. */
export function renderAt(
  ui: ReactElement,
  { route = '/', path = '*', store = createStorefrontStore() }: { route?: string; path?: string; store?: StorefrontStore } = {},
) {
  void changeLanguage('en');
  // jsdom's address is the page's, as in a browser: code that reads `window.location` agrees with the router.
  window.history.replaceState(null, '', route);
  const result = render(
    <BrowserRouter>
      <StorefrontProviders store={store}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </StorefrontProviders>
    </BrowserRouter>,
  );
  return { ...result, store };
}

/** The shared site-configuration store as the shell leaves it after loading (default: none for this domain). */
export function setSiteConfiguration(state: Partial<Pick<SiteConfigState, 'status' | 'configuration' | 'error'>> = {}) {
  useSiteConfigStore.setState({ status: 'missing', configuration: null, error: null, ...state });
}

export const currentLocation = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';

export function signIn(user: Partial<User> = {}) {
  useAuthStore.setState({
    status: 'authenticated',
    token: 'test-token',
    user: { id: 7, email: 'demo@koopjesland.nl', isAdmin: false, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...user } as User,
  });
}

export function signOut() {
  useAuthStore.setState({ status: 'anonymous', token: null, user: null });
}
