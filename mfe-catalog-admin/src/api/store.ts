/** This remote's one Redux store and RTK Query API (endpoints are injected per feature). */
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from '@koopjesland/shared/rtk-query';

export const catalogAdminApi = createApi({
  reducerPath: 'catalogAdminApi',
  baseQuery: apiBaseQuery,
  tagTypes: ['Category'],
  endpoints: () => ({}),
});

export function createCatalogAdminStore() {
  return configureStore({
    reducer: { [catalogAdminApi.reducerPath]: catalogAdminApi.reducer },
    middleware: (getDefault) => getDefault().concat(catalogAdminApi.middleware),
  });
}
