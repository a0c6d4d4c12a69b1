/**
 * The storefront's server entry, exposed to the shell's server render as `./ssr` (it must live in
 * the storefront's container, which the render loads at run time). Server rendering itself lives
 * in shell/src/server-rendering (render-page.tsx calls these two); what they do is the pages':
 * `prefetchPage` runs the page's loader (pages.tsx) into the request's storefront store, which
 * the render's providers then take from `stores`; `pageOutcome` reads the HTTP answer (200, 301,
 * 404) from that store after the render.
 */
import type { ServerPageRequest, ServerStoreHandle } from '@koopjesland/shared';
import { loadPageData } from './pages';
import { serverStorefrontStore } from './StorefrontProviders';

export { pageOutcome, type PageOutcome } from './pages';

export function prefetchPage(stores: Map<string, ServerStoreHandle>, url: string, request: ServerPageRequest): Promise<void> {
  return loadPageData(serverStorefrontStore(stores, request.api), url, request);
}
