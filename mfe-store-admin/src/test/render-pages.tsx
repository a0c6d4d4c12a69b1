/**
 * Renders the store admin's pages at an address with `fetch` (the network boundary) answered by
 * a test's routes; records every request so tests can check what was asked.
 */
import { changeLanguage, initI18n } from '@koopjesland/shared';
import { act, fireEvent, render } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import type { AdminStore } from '@koopjesland/shared/admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { storeAdminApi } from '../api';
import { registerStoreAdminTranslations } from '../i18n';
import { StoreAdminPages } from '../routes';

export type Handler = (request: Request, url: URL) => Response | Promise<Response> | undefined;

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

export const requests: RecordedRequest[] = [];
let handler: Handler = () => undefined;

export const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function answer(next: Handler) {
  handler = next;
}

export function setUpPages() {
  beforeAll(async () => {
    initI18n();
    registerStoreAdminTranslations();
    await changeLanguage('en');
  });
  beforeEach(() => {
    requests.length = 0;
    handler = () => undefined;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      requests.push({ method: request.method, url, body: text ? JSON.parse(text) : undefined });
      return (await handler(request, url)) ?? json({ error: `No test answer for ${request.method} ${url.pathname}` }, 404);
    }) as typeof fetch;
  });
}

/**
 * The remote's store without Redux Toolkit's development-only state checks (as the catalog admin's
 * tests): on a busy machine they warn that they took over 32 ms, which the console guard fails on,
 * while they check nothing these pages do (all state is RTK Query's).
 */
function testStore(): AdminStore {
  return configureStore({
    reducer: { [storeAdminApi.reducerPath]: storeAdminApi.reducer },
    middleware: (getDefault) =>
      getDefault({ immutableCheck: false, serializableCheck: false }).concat(storeAdminApi.middleware),
  }) as unknown as AdminStore;
}

function LocationDisplay() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<StoreAdminPages store={testStore()} />} />
      </Routes>
      <LocationDisplay />
    </MemoryRouter>,
  );
}

export const pagination = (totalItems: number) => ({
  currentPage: 1,
  totalPages: Math.max(1, Math.ceil(totalItems / 20)),
  totalItems,
  itemsPerPage: 20,
});

/** A request the pages made, by method and path. */
export const requestsTo = (method: string, pathname: string) =>
  requests.filter((request) => request.method === method && request.url.pathname === pathname);

/** Lets antd's form settle: its validators and field watchers answer over a few timer turns. */
export async function settle() {
  await act(async () => {
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Types a whole value into an input at once (one change event), then lets the form settle. */
export async function change(element: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(element, { target: { value } });
  });
  await settle();
}

/** Clicks, then lets the form settle. */
export async function press(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
}
