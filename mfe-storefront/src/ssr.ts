/**
 * What the server needs from the storefront beyond its routes (exposed as `./ssr`, used by the
 * shell's server render, docs/architecture.md "Server rendering"): the HTTP answer a rendered
 * page deserves, read from the page's data in the storefront's store after the render.
 * - a product or category that does not exist: 404 (the page shows its not-found view);
 * - a product address whose slug is not the product's (renamed, or merged into another): 301 to
 *   the product's own address.
 * And, before the render, the page's data (`prefetchPage`: its page's loader, pages.tsx).
 */
import type { Product, ServerPageRequest, ServerStoreHandle } from '@koopjesland/shared';
import type { StorefrontState } from './api/store';
import { productPath } from './features/products/paths';
import { loadPageData } from './pages';
import { serverStorefrontStore } from './StorefrontProviders';

/** Loads the page's data into the request's storefront store (made here; the render's providers take it from `stores`). */
export function prefetchPage(stores: Map<string, ServerStoreHandle>, url: string, request: ServerPageRequest): Promise<void> {
  return loadPageData(serverStorefrontStore(stores, request.api), url, request);
}

export interface PageOutcome {
  status: 200 | 301 | 404;
  location?: string;
}

type QueryEntry = { endpointName?: string; status?: string; data?: unknown; error?: unknown };

const PAGE_ENDPOINTS = new Set(['getProduct', 'getCategoryPage']);

function errorStatusOf(error: unknown): number | undefined {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;
}

export function pageOutcome(state: unknown, pathname: string): PageOutcome {
  const queries = (state as Partial<StorefrontState> | undefined)?.storefrontApi?.queries ?? {};
  for (const entry of Object.values(queries) as (QueryEntry | undefined)[]) {
    if (!entry?.endpointName || !PAGE_ENDPOINTS.has(entry.endpointName)) continue;
    if (entry.status === 'rejected') {
      const status = errorStatusOf(entry.error);
      // The product page treats a malformed id (400) as not found, like an unknown one.
      if (status === 404 || (status === 400 && entry.endpointName === 'getProduct')) return { status: 404 };
    }
    if (entry.endpointName === 'getProduct' && entry.status === 'fulfilled' && entry.data) {
      const canonical = productPath(entry.data as Product);
      if (canonical !== pathname) return { status: 301, location: canonical };
    }
  }
  return { status: 200 };
}
