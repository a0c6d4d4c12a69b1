/**
 * Login throttling per IP and per account, fixed windows kept in the `login_throttle`
 * table so every API instance behind a load balancer sees the same counts.
 * Only failures count; a successful login clears the account's counter.
 */
import type { DatabaseHandle } from '../db/client';
import { tooManyRequests } from '../http/errors';

export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_IP = 30;

type Query = DatabaseHandle['query'];

const accountKey = (email: string) => `account:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Throws 429 when the IP or the account has used up its failures in the current window. */
export async function assertLoginAllowed(query: Query, ip: string, email: string): Promise<void> {
  const rows = await query<{ key: string; attempts: number }>(
    `select key, attempts from login_throttle where key = any($1::text[]) and window_ends_at > now()`,
    [[accountKey(email), ipKey(ip)]],
  );
  for (const row of rows) {
    const limit = row.key.startsWith('ip:') ? MAX_FAILURES_PER_IP : MAX_FAILURES_PER_ACCOUNT;
    if (row.attempts >= limit) {
      throw tooManyRequests(
        `Too many failed login attempts. Please try again in ${THROTTLE_WINDOW_MINUTES} minutes.`,
      );
    }
  }
}

export async function recordLoginFailure(query: Query, ip: string, email: string): Promise<void> {
  await query(
    `insert into login_throttle (key, attempts, window_ends_at)
     select k, 1, now() + make_interval(mins => $2) from unnest($1::text[]) as k
     on conflict (key) do update set
       attempts = case when login_throttle.window_ends_at <= now() then 1 else login_throttle.attempts + 1 end,
       window_ends_at = case when login_throttle.window_ends_at <= now() then excluded.window_ends_at
                             else login_throttle.window_ends_at end`,
    [[accountKey(email), ipKey(ip)], THROTTLE_WINDOW_MINUTES],
  );
}

export async function clearAccountFailures(query: Query, email: string): Promise<void> {
  await query(`delete from login_throttle where key = $1`, [accountKey(email)]);
}
