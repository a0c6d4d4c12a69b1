/** Direct API look-ups so tests pick real data instead of hard-coding it. */
import { BASE_URL } from './server';

export async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${BASE_URL}/api/${path}`, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function login(email: string, password: string): Promise<{ token: string; user: unknown }> {
  return api('auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

export type AuthorizedApi = <T>(path: string, init?: RequestInit) => Promise<T>;

/** The API as the holder of `token` calls it (JSON bodies marked as such). */
export function withToken(token: () => string): AuthorizedApi {
  return <T>(path: string, init: RequestInit = {}) =>
    api<T>(path, {
      ...init,
      headers: {
        authorization: `Bearer ${token()}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
}

/** Starts a run of the feed and waits until it has ended; a failed run fails the test. */
export async function runFeedToEnd(call: AuthorizedApi, feedId: number): Promise<void> {
  const run = await call<{ id: number }>(`store-feeds/${feedId}/run`, { method: 'POST' });
  for (let status = 'queued'; status === 'queued' || status === 'running'; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = (await call<{ status: string }>(`feed-runs/${run.id}`)).status;
    if (status === 'failed') throw new Error('The feed run failed');
  }
}
