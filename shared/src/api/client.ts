/**
 * The one API client: a single ky instance on `<origin>/api`, JSON in and out, the bearer
 * token from the auth store when present, errors as docs/product.md §8, and identical concurrent GETs
 * shared (one network request, every caller gets the result).
 */
import ky, { type Options } from 'ky';
import i18next from 'i18next';
import { ApiError, authErrorMessage, generalErrorMessage } from './errors';
import { currentToken } from './token';
import type { RequestScope } from '../ssr/page-request';

export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;
export type Query = Record<string, QueryValue>;

let baseUrl = typeof window !== 'undefined' ? `${window.location.origin}/api` : 'http://localhost:8080/api';

/** For a front end whose API lives on another origin (set before the first call). */
export function configureApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '');
  http = createInstance();
}

function createInstance() {
  return ky.create({
    prefixUrl: baseUrl,
    throwHttpErrors: false,
    timeout: 30_000,
    retry: { limit: 1, methods: ['get'], statusCodes: [502, 503, 504] },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = currentToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          // The site's language (not only the browser's), so the server writes the user's mail in it.
          const language = i18next.resolvedLanguage;
          if (language) request.headers.set('Accept-Language', language);
        },
      ],
    },
  });
}

let http = createInstance();

/** Query values: arrays joined by commas, empty values left out. */
export function toSearchParams(query: Query = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

export interface RequestOptions extends RequestScope {
  query?: Query;
  /** The body: sent as JSON, or as multipart when it is a FormData (file uploads). */
  json?: unknown;
  /** Use this bearer token instead of the auth store's (e.g. revoking it while signing out). */
  token?: string;
  /** Error messages of the auth calls instead of the general ones (docs/product.md §8). */
  errorStyle?: 'general' | 'auth';
  signal?: AbortSignal;
}

async function send<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const multipart = typeof FormData !== 'undefined' && options.json instanceof FormData;
  const kyOptions: Options = {
    method,
    searchParams: toSearchParams(options.query),
    ...(multipart ? { body: options.json as FormData } : { json: options.json }),
    signal: options.signal,
    ...(options.baseUrl ? { prefixUrl: options.baseUrl } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const { token, language } = options;
  if (options.anonymous || token || language) {
    // After the instance's own hook: these settings of the call win.
    kyOptions.hooks = {
      beforeRequest: [
        (request) => {
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          else if (options.anonymous) request.headers.delete('Authorization');
          if (language) request.headers.set('Accept-Language', language);
        },
      ],
    };
  }
  const response = await http(path.replace(/^\//, ''), kyOptions);
  if (!response.ok) {
    const message =
      options.errorStyle === 'auth' ? await authErrorMessage(response) : await generalErrorMessage(response);
    let details: string | undefined;
    try {
      details = ((await response.clone().json()) as { details?: string }).details;
    } catch {
      details = undefined;
    }
    throw new ApiError(message, response.status, details, response.statusText);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const inFlightGets = new Map<string, Promise<unknown>>();

/** GET; identical concurrent requests (same path, query and token) share one network call. */
export function apiGet<T>(path: string, options: Omit<RequestOptions, 'json'> = {}): Promise<T> {
  const token = options.anonymous ? '' : (options.token ?? currentToken() ?? '');
  const key = `${options.baseUrl ?? ''}${path}?${toSearchParams(options.query).toString()}|${token}|${options.language ?? ''}|${options.errorStyle ?? ''}`;
  const pending = inFlightGets.get(key);
  if (pending && !options.signal) return pending as Promise<T>;
  const request = send<T>('GET', path, options).finally(() => inFlightGets.delete(key));
  if (!options.signal) inFlightGets.set(key, request);
  return request;
}

export const apiPost = <T>(path: string, json?: unknown, options: RequestOptions = {}) =>
  send<T>('POST', path, { ...options, json });
export const apiPut = <T>(path: string, json?: unknown, options: RequestOptions = {}) =>
  send<T>('PUT', path, { ...options, json });
export const apiDelete = <T>(path: string, json?: unknown, options: RequestOptions = {}) =>
  send<T>('DELETE', path, { ...options, json });
