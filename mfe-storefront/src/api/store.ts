/**
 * The storefront's one data layer: an RTK Query API on the shared base query (the one API
 * client), with endpoints injected per feature (`features/<f>/api.ts`), and the store factory.
 *
 * Ready for server rendering: there is no module-level store; `createStorefrontStore()` makes
 * one per page (browser) or per request (server) and `StorefrontProviders` provides it. Every
 * endpoint takes all its inputs as arguments (domain, ids, filters; nothing read from `window`),
 * so a server can `store.dispatch(endpoint.initiate(args))` (or render once and await
 * `store.dispatch(storefrontApi.util.getRunningQueriesThunk())`), render, and send
 * `store.getState()`; the browser passes that state to `createStorefrontStore(state)` and its
 * hooks find the data already cached (CategoryPage.test.tsx renders from such a store).
 */
import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { DEV_CHECK_OPTIONS, apiBaseQuery } from '@koopjesland/shared/rtk-query';

/**
 * On the server (no `window`), the query hooks start their requests while rendering instead of in
 * an effect (effects never run there): the server renders once, awaits the running queries, then
 * renders again with their data (`src/ssr.ts`).
 */
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }),
);

/**
 * Tags: `Category` (a category's page data by id; 'LIST' for the navigation and homepage
 * lists), `Product` (a product by id), `Wishlist` (the signed-in visitor's wishlist),
 * `StoreRating` (a store's page and the visitor's own rating of it, by store id).
 */
export const storefrontApi = createApi({
  reducerPath: 'storefrontApi',
  baseQuery: apiBaseQuery,
  tagTypes: ['Category', 'Product', 'Wishlist', 'StoreRating'],
  // A page visited again after 30 s is fetched afresh (prices move), while data just
  // rendered on the server or by a sibling component is reused.
  refetchOnMountOrArgChange: 30,
  endpoints: () => ({}),
});

const rootReducer = combineReducers({ [storefrontApi.reducerPath]: storefrontApi.reducer });

export type StorefrontState = ReturnType<typeof rootReducer>;

const freezeControls = new WeakMap<object, { frozen: boolean }>();

/**
 * Server only: after `freezeQueries(store)` the store ignores new query requests. RTK Query asks
 * again for a query that failed whenever a component subscribes, so without this every render
 * pass would show a failed page (an unknown product) loading again instead of its not-found view.
 */
export function freezeQueries(store: StorefrontStore): void {
  const control = freezeControls.get(store);
  if (control) control.frozen = true;
}

/**
 * The queries of a server-rendered page count as fetched when the page arrived. Its HTML may come
 * from a cache (the server's rendered-page cache, a CDN's `s-maxage` and `stale-while-revalidate`),
 * and with the render's own timestamps every query older than `refetchOnMountOrArgChange` would be
 * fetched again while hydrating, changing the page the visitor has just been shown.
 */
function receivedNow(state: Partial<StorefrontState>): Partial<StorefrontState> {
  const api = state[storefrontApi.reducerPath];
  if (!api) return state;
  const now = Date.now();
  const queries = Object.fromEntries(
    Object.entries(api.queries).map(([key, entry]) => [key, entry?.fulfilledTimeStamp ? { ...entry, fulfilledTimeStamp: now } : entry]),
  );
  return { ...state, [storefrontApi.reducerPath]: { ...api, queries } };
}

export function createStorefrontStore(preloadedState?: Partial<StorefrontState>) {
  const control = { frozen: false };
  const ignoreWhenFrozen: Middleware = () => (next) => (action) => {
    const type = (action as { type?: unknown }).type;
    if (control.frozen && typeof type === 'string' && type.startsWith(`${storefrontApi.reducerPath}/executeQuery/`)) {
      return action;
    }
    return next(action);
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState && receivedNow(preloadedState),
    middleware: (getDefault) => getDefault(DEV_CHECK_OPTIONS).prepend(ignoreWhenFrozen).concat(storefrontApi.middleware),
  });
  freezeControls.set(store, control);
  return store;
}

/** True when one of the store's queries failed. */
export function hasFailedQueries(store: StorefrontStore): boolean {
  return Object.values(store.getState()[storefrontApi.reducerPath].queries).some((entry) => entry?.status === 'rejected');
}

/** The store's answered queries and when each was answered (see `ServerStoreHandle.answered`). */
export function answeredQueries(store: StorefrontStore): string {
  return Object.entries(store.getState()[storefrontApi.reducerPath].queries)
    .filter(([, entry]) => entry?.status === 'fulfilled' || entry?.status === 'rejected')
    .map(([key, entry]) => `${key}=${entry!.status}@${entry!.fulfilledTimeStamp ?? entry!.requestId}`)
    .join('\n');
}

export type StorefrontStore = ReturnType<typeof createStorefrontStore>;

/** The queries `store` has in flight (a server render awaits them before its next pass). */
export function runningQueries(store: StorefrontStore): Promise<unknown>[] {
  return store.dispatch(storefrontApi.util.getRunningQueriesThunk());
}
