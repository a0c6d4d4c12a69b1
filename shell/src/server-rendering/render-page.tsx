/**
 * The server render of a visitor page (docs/architecture.md "Server rendering"): the shell's App
 * at the request's address, with the storefront's routes loaded from the storefront's Node
 * container (the URL the API derives from remotes.json), rendered once with React's
 * `prerenderToNodeStream` (it waits for lazy page chunks; a Node stream, because reading back the
 * web stream of `prerender` costs CPU on every render). The storefront's page loader
 * (`prefetchPage`) first loads the page's data into the request's store; the render starts no
 * query of its own, so its markup shows exactly the state embedded beside it.
 * Returns the root's markup, the head elements React hoisted (title, meta, canonical), the
 * CSS-in-JS styles, the state to embed, and the HTTP answer the storefront asks for (404, 301).
 *
 * Per request, in the page context and the loaders' arguments, never in a module: origin, site
 * configuration, language (a clone of the one i18next instance), render hints, stores, and how the
 * page's API calls are made (its language as Accept-Language, the API's address and fetch).
 * Per process, the same for every request: the shell's texts and the anonymous visitor (per-user
 * parts appear after hydration).
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { StrictMode, type ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import {
  PageContextProvider,
  useAuthStore,
  type PageContextValue,
  type RequestScope,
  type ServerPageRequest,
  type ServerStoreHandle,
} from '@koopjesland/shared';
import { App } from '../app/App';
import { provideRemoteRoutes, type RoutesModule } from '../federation/runtime';
import { STOREFRONT_REMOTE } from '../routing/route-table';
import { initShellI18n } from '../i18n';
import type { RenderLanguage, RenderRequest, RenderResult } from './contract';

interface StorefrontServerModule {
  pageOutcome(state: unknown, pathname: string): { status: 200 | 301 | 404; location?: string };
  /** Loads the page's data into the request's stores before the render. */
  prefetchPage(stores: Map<string, ServerStoreHandle>, url: string, request: ServerPageRequest): Promise<void>;
}

let storefront: Promise<{ Routes: ComponentType; ssr: StorefrontServerModule }> | null = null;
let storefrontEntry: string | null = null;
/** Clones of the one i18next instance by language: a cache, the same for every request in that language. */
const languages = new Map<RenderLanguage, I18n>();
let setUpDone = false;

function setUpOnce() {
  if (setUpDone) return;
  setUpDone = true;
  initShellI18n();
  // The server renders for an anonymous visitor; the browser checks its own sign-in after hydrating.
  useAuthStore.setState({ status: 'anonymous', user: null, token: null });
}

function i18nFor(language: RenderLanguage): I18n {
  let instance = languages.get(language);
  if (!instance) {
    // Shares the resources (every remote's namespaces) with the one instance; only the language differs.
    instance = i18next.cloneInstance({ lng: language, initAsync: false });
    languages.set(language, instance);
  }
  return instance;
}

function loadStorefront(entry: string, reload: boolean) {
  if (storefront && storefrontEntry === entry && !reload) return storefront;
  storefrontEntry = entry;
  registerRemotes([{ name: STOREFRONT_REMOTE, entry }], { force: storefront !== null });
  const loading = Promise.all([
    loadRemote<RoutesModule>(`${STOREFRONT_REMOTE}/routes`),
    loadRemote<StorefrontServerModule>(`${STOREFRONT_REMOTE}/ssr`),
  ]).then(([routes, ssr]) => {
    if (!routes?.default || !ssr?.pageOutcome || !ssr.prefetchPage) {
      throw new Error('The storefront container lacks ./routes or ./ssr with its page loaders');
    }
    provideRemoteRoutes(STOREFRONT_REMOTE, routes.default);
    return { Routes: routes.default, ssr };
  });
  storefront = loading;
  // A failed load is tried again by the next request.
  loading.catch(() => {
    if (storefront === loading) storefront = null;
  });
  return loading;
}

/** React puts hoisted head elements (title, meta, link) first when the root is not `<html>`. */
const LEADING_HEAD_ELEMENTS = /^(?:<(?:title|meta|link|base)\b[^>]*>(?:[^<]*<\/title>)?)+/;

export function splitHoistedHead(markup: string): { head: string; body: string } {
  const match = LEADING_HEAD_ELEMENTS.exec(markup);
  if (!match) return { head: '', body: markup };
  return { head: match[0], body: markup.slice(match[0].length) };
}

export async function renderPage(request: RenderRequest): Promise<RenderResult> {
  return renderWithStorefront(request, await loadStorefront(request.storefrontEntry, Boolean(request.reloadStorefront)));
}

/** The storefront's parts a render uses: its routes (provided to the shell's App) and its server module. */
export interface LoadedStorefront {
  ssr: StorefrontServerModule;
}

export async function renderWithStorefront(request: RenderRequest, { ssr }: LoadedStorefront): Promise<RenderResult> {
  setUpOnce();
  const stores = new Map<string, ServerStoreHandle>();
  const headStyles = new Map<string, () => string>();
  const api: RequestScope = { language: request.language, baseUrl: request.apiBaseUrl, fetch: request.apiFetch, anonymous: true };
  const context: PageContextValue = {
    origin: request.origin,
    stores,
    headStyles,
    hints: request.hints,
    requestScoped: new Map(),
    siteConfiguration: request.siteConfiguration,
    api,
  };
  const i18n = i18nFor(request.language);
  await ssr.prefetchPage(stores, request.url, { siteConfiguration: request.siteConfiguration, api });
  request.signal?.throwIfAborted();

  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageContextProvider value={context}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[request.url]}>
            <App />
          </MemoryRouter>
        </I18nextProvider>
      </PageContextProvider>
    </StrictMode>,
    // Fizz outlines completed boundaries past 12,800 bytes (sent after the shell with an inline
    // `$RC` script the CSP refuses); a prerendered page is sent whole, so keep every boundary inline.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, signal: request.signal },
  );
  request.signal?.throwIfAborted();
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  const markup = Buffer.concat(chunks).toString('utf8');

  const storeStates = Object.fromEntries([...stores].map(([key, store]) => [key, store.getState()]));
  const pathname = request.url.split('?')[0] ?? '/';
  const outcome = ssr.pageOutcome(storeStates.storefront, pathname);
  const { head, body } = splitHoistedHead(markup);
  const styles = [...headStyles.values()].map((collect) => collect()).join('');
  return {
    ...outcome,
    html: body,
    head: head + styles,
    state: {
      language: request.language,
      siteConfiguration: request.siteConfiguration,
      stores: storeStates,
      hints: request.hints,
      origin: request.origin,
    },
  };
}
