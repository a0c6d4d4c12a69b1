/**
 * One RTK Query slice per admin remote on the shared base query, and the Redux store around it.
 * Endpoints are injected per feature (`api.injectEndpoints`); tags say what a mutation refreshes.
 */
import { configureStore, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { DEV_CHECK_OPTIONS, apiBaseQuery } from '../rtk/base-query';

export function createAdminApi<const ReducerPath extends string, const TagType extends string>(
  reducerPath: ReducerPath,
  tagTypes: readonly TagType[],
) {
  return createApi({ reducerPath, baseQuery: apiBaseQuery, tagTypes, endpoints: () => ({}) });
}

/** What the store needs of a slice, whatever its endpoints and tags. */
export interface AdminApi {
  reducerPath: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each slice has its own state shape
  reducer: Reducer<any, UnknownAction>;
  middleware: Middleware;
}

export function createAdminStore(api: AdminApi) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault(DEV_CHECK_OPTIONS).concat(api.middleware),
  });
}

export type AdminStore = ReturnType<typeof createAdminStore>;
