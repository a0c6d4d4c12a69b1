/**
 * What a server render tells the components of one page, and what the browser finds again when it
 * hydrates that page (docs/architecture.md "Server rendering"). One React context in
 * @koopjesland/shared, a federation singleton, so the shell provides it and every remote reads it.
 *
 * - `origin`: the page's origin for canonical and og:url addresses (the server has no `window`).
 * - `store(key, create)`: one data store per remote and page. On the server the page's loader
 *   fills it before the render, so the context keeps it for the request, and the server reads every
 *   store's state afterwards to embed it in the HTML. In the browser, the state embedded by the
 *   server (`#kl-state`) is handed to `create` once, for the first store of that key.
 * - `headStyles`: a remote whose CSS-in-JS styles belong in the server's `<head>` registers a
 *   function returning them.
 * - `hints`: what the server knew of the visitor's browser (phone or not, cookie choice made), so
 *   the first paint already has the right layout and dialog; the browser hydrates with the same
 *   values, then follows its own.
 * - `siteConfiguration`, `api`: the request's site configuration, and how its API calls are made
 *   (its language, the API's address and fetch), server only. Renders for several domains and
 *   languages run at once in one process, so neither can live in a module-wide store or client.
 */
import { createContext, useContext, useDebugValue, useSyncExternalStore, type ReactNode } from 'react';
import type { StateCreator, StoreApi, UseBoundStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { SiteConfiguration } from '../entities';
import type { EmbeddedPageState, RenderHints, RequestScope } from './page-request';

export interface ServerStoreHandle {
  /** The store itself (what the component uses). */
  store: unknown;
  getState(): unknown;
}

/** A client-rendered page, or a server that was told nothing: desktop, no dialog in the first render. */
const DEFAULT_RENDER_HINTS: RenderHints = { mobile: false, consentDecided: true };

export interface PageContextValue {
  origin: string;
  /** Server only: what the request tells of the browser. */
  hints?: RenderHints;
  /** Server only: stores made during this request, by key. */
  stores?: Map<string, ServerStoreHandle>;
  /** Server only: functions returning style markup for the document head, by key (the last pass's wins). */
  headStyles?: Map<string, () => string>;
  /** Server only: objects kept for the whole request, by key (`useRequestScoped`). */
  requestScoped?: Map<string, unknown>;
  /** Server only: the request's site configuration (null: none for its domain). */
  siteConfiguration?: SiteConfiguration | null;
  /** Server only: the request's API calls (language, the API's address and fetch, anonymous). */
  api?: RequestScope;
}

const PageContext = createContext<PageContextValue | null>(null);

export function PageContextProvider({ value, children }: { value: PageContextValue; children: ReactNode }) {
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

/** The id of the script element holding the server's embedded state. */
export const PAGE_STATE_ELEMENT_ID = 'kl-state';

let embedded: EmbeddedPageState | null | undefined;

/** The state the server embedded in this page, or null (client-rendered page, tests, server). */
export function embeddedPageState(): EmbeddedPageState | null {
  if (embedded !== undefined) return embedded;
  embedded = null;
  if (typeof document === 'undefined') return embedded;
  const text = document.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      embedded = JSON.parse(text) as EmbeddedPageState;
    } catch {
      embedded = null;
    }
  }
  return embedded;
}

/** True when this page's HTML came from a server render that the browser should hydrate. */
export const isServerRenderedPage = () => embeddedPageState() !== null;

const claimed = new Set<string>();

/** The embedded state for `key`, handed out once (a later store of the same key starts empty). */
function claimEmbeddedState(key: string): unknown {
  const state = embeddedPageState()?.stores[key];
  if (state === undefined || claimed.has(key)) return undefined;
  claimed.add(key);
  return state;
}

/**
 * The hints the server rendered with: from the request while rendering there, from the embedded
 * state while hydrating. Use them as `useSyncExternalStore`'s server snapshot.
 */
export function useRenderHints(): RenderHints {
  const context = useContext(PageContext);
  return context?.hints ?? embeddedPageState()?.hints ?? DEFAULT_RENDER_HINTS;
}

const noSubscription = () => () => undefined;

/**
 * A value only the browser knows (local storage, a stored choice): `serverValue` while rendering on
 * the server and while hydrating its HTML (so both renders agree), the browser's own right after,
 * and from the start of a client-rendered page. Read once per render; nothing to subscribe to.
 */
export function useBrowserValue<T>(readInBrowser: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, readInBrowser, () => serverValue);
}

/**
 * False on the server and while the browser hydrates the server's HTML, true afterwards (and from
 * the start of a client-rendered page). Controls that need the page's scripts (per-user buttons)
 * are disabled until then: a click on server markup before hydration would do nothing.
 */
export function useHydrated(): boolean {
  return useBrowserValue(() => true, false);
}

/** The request's site configuration on the server (null: none for its domain); undefined in the browser. */
export function useRequestSiteConfiguration(): SiteConfiguration | null | undefined {
  return useContext(PageContext)?.siteConfiguration;
}

/**
 * This page's origin for canonical and og:url addresses: the one the server rendered with (from
 * configuration, also while the browser hydrates and navigates on), else the browser's own.
 */
export function usePageOrigin(): string {
  const context = useContext(PageContext);
  if (context) return context.origin;
  const rendered = embeddedPageState()?.origin;
  if (rendered) return rendered;
  return typeof window !== 'undefined' ? window.location.origin : '';
}

/** Server only: how this request's API calls are made (a store's per-request scope); undefined in the browser. */
export function useRequestApiScope(): RequestScope | undefined {
  return useContext(PageContext)?.api;
}

/**
 * The store `key` of this page, made by `create(initialState)` (call once, e.g. in a useState
 * initialiser). Server: the request's, kept for the whole request and exposed to the renderer.
 * Browser: gets the state the server embedded for `key`, the first time only.
 */
export function usePageStoreFactory<S extends { getState(): unknown }>(key: string): (create: (initialState: unknown) => S) => S {
  const context = useContext(PageContext);
  return (create) => {
    if (context?.stores) return serverPageStore(context.stores, key, () => create(undefined));
    return create(claimEmbeddedState(key));
  };
}

/**
 * Server only: the request's store `key` from its page context's `stores`, made by `create` the
 * first time. A remote's page loader, which fills it before the render, and the render's providers
 * (`usePageStoreFactory`) get the same store.
 */
export function serverPageStore<S extends { getState(): unknown }>(stores: Map<string, ServerStoreHandle>, key: string, create: () => S): S {
  const existing = stores.get(key);
  if (existing) return existing.store as S;
  const store = create();
  stores.set(key, { store, getState: () => store.getState() });
  return store;
}

/**
 * Server only: the object made by `create` once per request (a cache that a component would
 * otherwise build on every render); null in the browser.
 */
export function useRequestScoped<T>(key: string, create: () => T): T | null {
  const context = useContext(PageContext);
  const scoped = context?.requestScoped;
  if (!scoped) return null;
  if (!scoped.has(key)) scoped.set(key, create());
  return scoped.get(key) as T;
}

/** Server only: registers, under `key`, a function returning `<style>` markup for the head; null in the browser. */
export function useHeadStyles(): ((key: string, collect: () => string) => void) | null {
  const context = useContext(PageContext);
  if (!context?.headStyles) return null;
  const headStyles = context.headStyles;
  return (key, collect) => {
    headStyles.set(key, collect);
  };
}

/**
 * zustand's `create` for the page-wide stores (auth, site configuration) of a server-rendered
 * page. zustand's hook renders a store's *initial* state on the server and while hydrating;
 * these stores are set to the state the page is rendered in before either happens (the server
 * once for its anonymous visitor, the browser from the embedded state before `hydrateRoot`), so
 * their hook renders the *current* state in both, and the browser's first render matches the server's.
 */
export function createPageStore<T>(initializer: StateCreator<T, [], []>): UseBoundStore<StoreApi<T>> {
  const api = createStore<T>()(initializer);
  function useBoundStore<U = T>(selector: (state: T) => U = (state) => state as unknown as U): U {
    const read = () => selector(api.getState());
    const slice = useSyncExternalStore(api.subscribe, read, read);
    useDebugValue(slice);
    return slice;
  }
  return Object.assign(useBoundStore, api) as UseBoundStore<StoreApi<T>>;
}
