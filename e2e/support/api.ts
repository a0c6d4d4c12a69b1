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
