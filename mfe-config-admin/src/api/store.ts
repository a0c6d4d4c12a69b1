/** This remote's one Redux store and RTK Query API (endpoints are injected per feature). */
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from '@koopjesland/shared/rtk-query';

export const configAdminApi = createApi({
  reducerPath: 'configAdminApi',
  baseQuery: apiBaseQuery,
  tagTypes: ['User', 'SiteConfiguration'],
  endpoints: () => ({}),
});

export function createConfigAdminStore() {
  return configureStore({
    reducer: { [configAdminApi.reducerPath]: configAdminApi.reducer },
    middleware: (getDefault) => getDefault().concat(configAdminApi.middleware),
  });
}
