/**
 * Renders a front end's routes at an address with the current address made visible
 * (`data-testid="location"`, `currentLocation()`). Every test starts in English.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { changeLanguage, initI18n } from '../i18n';

/** i18next ready and switched to English. */
export async function inEnglish(): Promise<void> {
  initI18n();
  await changeLanguage('en');
}

// Whatever language an earlier test of the file chose; a test may still switch before it renders.
beforeEach(inEnglish);

/** Shows the router's address, path and query, for tests to assert navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export const currentLocation = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';

export interface RenderAtOptions {
  /** The route pattern `ui` is mounted at (`'/admin/*'`, `'product/:slug/:id'`); without one `ui` renders at every address. */
  path?: string;
  /**
   * 'browser' (default): the browser's router with jsdom's address set to the address, as the shell
   * runs, so code reading `window.location` agrees with the router. 'memory': a memory router starting
   * there, jsdom's address left alone.
   */
  router?: 'browser' | 'memory';
  /** The front end's providers (its store, notifications), inside the router and around the routes. */
  providers?: ComponentType<{ children: ReactNode }>;
}

export function renderAt(
  address: string,
  ui: ReactElement,
  { path, router = 'browser', providers: Providers }: RenderAtOptions = {},
): RenderResult {
  const routes =
    path === undefined ? (
      ui
    ) : (
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={null} />
      </Routes>
    );
  const content = (
    <>
      {Providers ? <Providers>{routes}</Providers> : routes}
      <LocationProbe />
    </>
  );
  if (router === 'memory') return render(<MemoryRouter initialEntries={[address]}>{content}</MemoryRouter>);
  window.history.replaceState(null, '', address);
  return render(<BrowserRouter>{content}</BrowserRouter>);
}
