/**
 * Test harness of this remote: its pages in a memory router at an address, fetch (the network
 * boundary) answered by a route table, every request recorded with its body, the signed-in
 * user set in the auth store.
 */
import { changeLanguage, initI18n, useAuthStore, type User, type UserRole } from '@koopjesland/shared';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { registerConfigAdminTranslations } from '../i18n';
import { ConfigAdminPages } from '../routes';

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** `'GET /api/admin/users/2'` → a response body, or `[status, body]`; unknown routes answer 404. */
export type RouteAnswers = Record<string, unknown | ((request: RecordedRequest) => unknown)>;

export const requests: RecordedRequest[] = [];

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An answer with a status other than 200. */
export const status = (code: number, body: unknown) => ({ __status: code, body });

export function answer(routes: RouteAnswers) {
  requests.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const recorded = { method: request.method, url: new URL(request.url), body: text ? (JSON.parse(text) as unknown) : undefined };
    requests.push(recorded);
    const key = `${recorded.method} ${recorded.url.pathname}`;
    if (!(key in routes)) return json({ error: 'Not found' }, 404);
    const entry = routes[key];
    const result = typeof entry === 'function' ? (entry as (r: RecordedRequest) => unknown)(recorded) : entry;
    if (result && typeof result === 'object' && '__status' in result) {
      const { __status, body } = result as { __status: number; body: unknown };
      return json(body, __status);
    }
    return json(result);
  }) as typeof fetch;
}

export const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && request.url.pathname === `/api/${path}`);

export async function prepareConfigAdmin() {
  initI18n();
  registerConfigAdminTranslations();
  await changeLanguage('en');
}

export function signInAs(role: UserRole, id = 1) {
  const user: User = {
    id,
    email: `${role}@koopjesland.nl`,
    isAdmin: role === 'admin',
    role,
    storeIds: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
  useAuthStore.setState({ status: 'authenticated', user, token: 'token' });
}

function LocationDisplay() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export function renderAdmin(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<ConfigAdminPages />} />
      </Routes>
      <LocationDisplay />
    </MemoryRouter>,
  );
}
