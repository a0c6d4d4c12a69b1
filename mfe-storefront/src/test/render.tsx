/** The storefront's part of the test harness (@koopjesland/shared/testing): its providers, with a fresh data store unless one is given. */
import type { ReactElement, ReactNode } from 'react';
import { renderAt } from '@koopjesland/shared/testing';
import { createStorefrontStore, type StorefrontStore } from '../api/store';
import { StorefrontProviders } from '../StorefrontProviders';

export function renderStorefront(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    store = createStorefrontStore(),
  }: { route?: string; path?: string; store?: StorefrontStore } = {},
) {
  const providers = ({ children }: { children: ReactNode }) => (
    <StorefrontProviders store={store}>{children}</StorefrontProviders>
  );
  return { ...renderAt(route, ui, { path, providers }), store };
}
