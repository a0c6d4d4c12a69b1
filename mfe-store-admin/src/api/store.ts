/** This remote's one Redux store and RTK Query API (endpoints are injected per feature). */
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from '@koopjesland/shared/rtk-query';

export const storeAdminApi = createApi({
  reducerPath: 'storeAdminApi',
  baseQuery: apiBaseQuery,
  tagTypes: ['Store'],
  endpoints: () => ({}),
});

export function createStoreAdminStore() {
  return configureStore({
    reducer: { [storeAdminApi.reducerPath]: storeAdminApi.reducer },
    middleware: (getDefault) => getDefault().concat(storeAdminApi.middleware),
  });
}
