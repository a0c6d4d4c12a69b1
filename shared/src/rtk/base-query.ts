/**
 * RTK Query's baseQuery for every remote (the storefront and the admin remotes), on top of the
 * one API client (no second fetch layer). Imports the package by name so the page keeps a single client and auth store
 * (this file is bundled into each remote; '@koopjesland/shared' itself is a singleton).
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { ApiError, apiDelete, apiGet, apiPost, apiPut, type Query, type RequestScope } from '@koopjesland/shared';

export interface ApiRequest {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
}

export interface ApiQueryError {
  /** HTTP status; 0 when no response arrived. */
  status: number;
  message: string;
  /** The HTTP status text ('Not Found'); empty when no response arrived. */
  statusText: string;
}

/** A store's thunk extra argument: the request scope of its page's calls (a server render's store; none in the browser). */
export interface ApiStoreExtra {
  api?: RequestScope;
}

export const apiBaseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiQueryError> = async (args, { signal, extra }) => {
  const request = typeof args === 'string' ? { path: args } : args;
  const options = { ...(extra as ApiStoreExtra | undefined)?.api, query: request.query, signal };
  try {
    switch (request.method ?? 'GET') {
      case 'GET':
        return { data: await apiGet(request.path, options) };
      case 'POST':
        return { data: await apiPost(request.path, request.body, options) };
      case 'PUT':
        return { data: await apiPut(request.path, request.body, options) };
      case 'DELETE':
        return { data: await apiDelete(request.path, request.body, options) };
    }
  } catch (error) {
    if (error instanceof ApiError) return { error: { status: error.status, message: error.message, statusText: error.statusText } };
    return { error: { status: 0, message: error instanceof Error ? error.message : String(error), statusText: '' } };
  }
};

/**
 * Options for `getDefaultMiddleware` in every store. Redux Toolkit's development checks
 * (immutability, serializability) warn when they themselves take over 32 ms, which on a busy
 * test machine says nothing about the app; at one second they still flag a pathological state.
 */
export const DEV_CHECK_OPTIONS = {
  immutableCheck: { warnAfter: 1000 },
  serializableCheck: { warnAfter: 1000 },
} as const;
