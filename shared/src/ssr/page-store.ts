/**
 * zustand's `create` for the page-wide stores (auth, site configuration) of a server-rendered
 * page. zustand's hook renders a store's *initial* state on the server and while hydrating;
 * these stores are set to the state the page is rendered in before either happens (the server
 * sets them per render, the browser from the embedded state before `hydrateRoot`), so their hook
 * renders the *current* state in both, and the browser's first render matches the server's.
 */
import { useDebugValue, useSyncExternalStore } from 'react';
import type { StateCreator, StoreApi, UseBoundStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

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
