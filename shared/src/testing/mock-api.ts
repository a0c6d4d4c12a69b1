/**
 * The API mocked at the network boundary, the one thing front-end tests mock: `fetch` answers from
 * a route table and records every call. Routes and recorded paths are the API's own, without the
 * `/api` prefix (`'GET /products/:id'`, `find('GET', '/products/5')`), as the front ends name them.
 */
import { act, waitFor } from '@testing-library/react';

/** A request as the API received it. */
export interface ApiCall {
  method: string;
  /** Without the `/api` prefix: `/products/5`. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON; a multipart body (a file upload) as its text; undefined when empty. */
  body: unknown;
  headers: Headers;
}

/** What a handler gets: the call and the values of its route's `:name` parts. */
export interface ApiRequest extends ApiCall {
  params: Record<string, string>;
}

/** An answer other than 200 with a JSON body. */
class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly statusText: string,
  ) {}
}

/** `reply(404, { error: 'Product not found' }, 'Not Found')`: the status text only where a test shows it. */
export const reply = (status: number, body?: unknown, statusText = ''): Reply => new Reply(status, body, statusText);

/** Returns the body of a 200 answer, or `reply(...)`; may return a promise (an answer the test releases later). */
export type ApiHandler = (request: ApiRequest) => unknown;

/** `'METHOD /path/:param'` → handler. */
export type ApiRoutes = Record<string, ApiHandler>;

export interface MockedApi {
  /** Every call in the order sent, answered or not. */
  calls: ApiCall[];
  /** The calls to exactly this method and path (no query). */
  find(method: string, path: string): ApiCall[];
  /** Waits until every call was answered and its answer rendered, so nothing updates after the test's last check. */
  settled(): Promise<void>;
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: ApiHandler;
}

function compile(key: string, handler: ApiHandler): Route {
  const match = /^([A-Z]+) (\/\S*)$/.exec(key);
  if (!match) throw new Error(`mockApi: "${key}" is not "METHOD /path"`);
  const [, method, path] = match as unknown as [string, string, string];
  if (path.startsWith('/api/')) throw new Error(`mockApi: "${key}": routes are named without the /api prefix`);
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { method, pattern: new RegExp(`^${source}$`), names, handler };
}

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (!text) return undefined;
  if (request.headers.get('content-type')?.startsWith('multipart/')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function respond(status: number, body: unknown, statusText: string): Response {
  const empty = body === undefined || status === 204 || status === 205 || status === 304;
  return new Response(empty ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces `fetch` until the next `mockApi`; a route not in the table answers 404 `{ error: 'Not found' }`. */
export function mockApi(routes: ApiRoutes): MockedApi {
  // Routes without parameters first, so '/products/search-filters' wins over '/products/:id'.
  const table = Object.entries(routes)
    .map(([key, handler]) => compile(key, handler))
    .sort((a, b) => Number(a.names.length > 0) - Number(b.names.length > 0));
  const calls: ApiCall[] = [];
  let inFlight = 0;

  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const call: ApiCall = {
      method: request.method,
      path: url.pathname.replace(/^\/api(?=\/)/, ''),
      query: url.searchParams,
      body: await bodyOf(request),
      headers: request.headers,
    };
    calls.push(call);
    for (const route of table) {
      const found = route.method === call.method ? route.pattern.exec(call.path) : null;
      if (!found) continue;
      const params = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(found[index + 1]!)]),
      );
      const result = await route.handler({ ...call, params });
      return result instanceof Reply
        ? respond(result.status, result.body, result.statusText)
        : respond(200, result, 'OK');
    }
    return respond(404, { error: 'Not found' }, 'Not Found');
  }

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    inFlight += 1;
    try {
      return await answer(input instanceof Request && !init ? input : new Request(input, init));
    } finally {
      inFlight -= 1;
    }
  };

  return {
    calls,
    find: (method, path) => calls.filter((call) => call.method === method && call.path === path),
    settled: async () => {
      await waitFor(() => expect(inFlight).toBe(0));
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
  };
}
