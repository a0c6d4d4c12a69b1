/**
 * The storefront's one data layer: an RTK Query API on the shared base query (the one API
 * client), with endpoints injected per feature (`features/<f>/api.ts`), and the store factory.
 *
 * Ready for server rendering: there is no module-level store; `createStorefrontStore()` makes
 * one per page (browser) or per request (server) and `StorefrontProviders` provides it. Every
 * endpoint takes all its inputs as arguments (domain, ids, filters; nothing read from `window`),
 * so a server can `store.dispatch(endpoint.initiate(args))` (the page loaders, pages.tsx), render,
 * and send `store.getState()`; the browser passes that state to `createStorefrontStore(state)` and
 * its hooks find the data already cached (CategoryPage.test.tsx renders from such a store). On the
 * server the hooks start nothing (their effects never run there): the page shows what its loader
 * put in the store.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import type { RequestScope } from '@koopjesland/shared';
import { DEV_CHECK_OPTIONS, apiBaseQuery, type ApiStoreExtra } from '@koopjesland/shared/rtk-query';

const createApi = buildCreateApi(coreModule(), reactHooksModule());

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

/** `scope`: a server render's store makes its API calls with its request's (language, the API's address and fetch). */
export function createStorefrontStore(preloadedState?: Partial<StorefrontState>, scope?: RequestScope) {
  const extra: ApiStoreExtra = { api: scope };
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState && receivedNow(preloadedState),
    middleware: (getDefault) =>
      getDefault({ ...DEV_CHECK_OPTIONS, thunk: { extraArgument: extra } }).concat(storefrontApi.middleware),
  });
}

export type StorefrontStore = ReturnType<typeof createStorefrontStore>;

