/** Renders the catalog admin's pages at an address, as the shell mounts them (/admin/*), with a fresh store. */
import { changeLanguage, initI18n } from '@koopjesland/shared';
import { configure, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { configureStore } from '@reduxjs/toolkit';
import type { AdminStore } from '@koopjesland/shared/admin';
import { catalogAdminApi } from '../api';
import { CatalogAdminPages } from '../routes';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

// Pages wait for several calls each; on a busy machine they take longer than the library's 1 s.
configure({ asyncUtilTimeout: 15000 });

/**
 * The remote's store without Redux Toolkit's development-only state checks: on a busy machine they
 * warn that they took longer than 32 ms, which the console guard (rightly) fails on, while they
 * check nothing these pages do (all state is RTK Query's).
 */
function testStore(): AdminStore {
  return configureStore({
    reducer: { [catalogAdminApi.reducerPath]: catalogAdminApi.reducer },
    middleware: (getDefault) =>
      getDefault({ immutableCheck: false, serializableCheck: false }).concat(catalogAdminApi.middleware),
  }) as unknown as AdminStore;
}

export async function prepareTranslations() {
  initI18n();
  await changeLanguage('en');
}

export function renderAdmin(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<CatalogAdminPages store={testStore()} />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

export const pagination = (totalItems: number, currentPage = 1, itemsPerPage = 20) => ({
  currentPage,
  totalPages: Math.max(1, Math.ceil(totalItems / itemsPerPage)),
  totalItems,
  itemsPerPage,
});
