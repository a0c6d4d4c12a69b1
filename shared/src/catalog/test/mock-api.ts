/**
 * Replaces `fetch` with a table of API routes, the network boundary (the only thing catalog tests
 * mock). Each handler gets the parsed request and returns a body (status 200) or `reply(status, body)`.
 */
import { act, waitFor } from '@testing-library/react';

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}
export type MockResult = { status: number; body?: unknown; statusText?: string };
type Handler = (request: MockRequest) => unknown | MockResult | Promise<unknown>;

export const reply = (status: number, body?: unknown, statusText?: string): MockResult => ({
  status,
  body,
  statusText,
});
const isResult = (value: unknown): value is MockResult =>
  typeof value === 'object' &&
  value !== null &&
  'status' in value &&
  typeof (value as MockResult).status === 'number' &&
  Object.keys(value).every((k) => ['status', 'body', 'statusText'].includes(k));

export function mockApi(routes: Record<string, Handler>) {
  const calls: MockRequest[] = [];
  let inFlight = 0;

  const answer = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const text = await request.clone().text();
    const call: MockRequest = {
      method: request.method,
      path,
      query: url.searchParams,
      // Multipart bodies (file uploads) stay text; everything else the client sends is JSON.
      body: text ? (request.headers.get('content-type')?.startsWith('multipart/') ? text : JSON.parse(text)) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const key = `${request.method} ${path}`;
    const handler =
      routes[key] ??
      Object.entries(routes).find(([pattern]) => {
        const [method, route] = pattern.split(' ');
        return (
          method === request.method &&
          route !== undefined &&
          new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}$`).test(path)
        );
      })?.[1];
    if (!handler) return new Response(JSON.stringify({ error: 'Not found' }), { status: 404, statusText: 'Not Found' });
    const result = await handler(call);
    const { status, body, statusText } = isResult(result) ? result : { status: 200, body: result, statusText: 'OK' };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      statusText,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    inFlight += 1;
    try {
      return await answer(input, init);
    } finally {
      inFlight -= 1;
    }
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    fetchMock,
    find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /** Waits until every call was answered and rendered, so nothing updates after the test's last check. */
    settled: async () => {
      await waitFor(() => expect(inFlight).toBe(0));
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
  };
}
