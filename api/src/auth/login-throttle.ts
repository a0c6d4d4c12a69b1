/**
 * Login throttling per IP and per account, fixed windows kept in the `login_throttle`
 * table so every API instance behind a load balancer sees the same counts.
 * Only failures count; a successful login clears the account's counter. The same counters
 * (`countAttempts`, `attemptsInWindow`) throttle password-reset requests.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginThrottle } from '../db/schema';
import { tooManyRequests } from '../http/errors';

export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_IP = 30;

const accountKey = (email: string) => `account:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Throws 429 when the IP or the account has used up its failures in the current window. */
export async function assertLoginAllowed(db: Database, ip: string, email: string): Promise<void> {
  const rows = await db
    .select({ key: loginThrottle.key, attempts: loginThrottle.attempts })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, [accountKey(email), ipKey(ip)]), gt(loginThrottle.windowEndsAt, sql`now()`)));
  for (const row of rows) {
    const limit = row.key.startsWith('ip:') ? MAX_FAILURES_PER_IP : MAX_FAILURES_PER_ACCOUNT;
    if (row.attempts >= limit) {
      throw tooManyRequests(
        `Too many failed login attempts. Please try again in ${THROTTLE_WINDOW_MINUTES} minutes.`,
      );
    }
  }
}

/** Counts a failure for the account and the IP; a window that has ended starts again at 1. */
export async function recordLoginFailure(db: Database, ip: string, email: string): Promise<void> {
  await countAttempts(db, [accountKey(email), ipKey(ip)]);
}

/** The attempts counted under each key in its current window (keys without one are absent). */
export async function attemptsInWindow(db: Database, keys: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: loginThrottle.key, attempts: loginThrottle.attempts })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.windowEndsAt, sql`now()`)));
  return new Map(rows.map((row) => [row.key, row.attempts]));
}

/** Counts one attempt under each key; a window that has ended starts again at 1. */
export async function countAttempts(db: Database, keys: string[]): Promise<void> {
  const windowEnd = sql`now() + make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`;
  const expired = sql`${loginThrottle.windowEndsAt} <= now()`;
  await db
    .insert(loginThrottle)
    .values(keys.map((key) => ({ key, attempts: 1, windowEndsAt: windowEnd })))
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${loginThrottle.attempts} + 1 end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${loginThrottle.windowEndsAt} end`,
      },
    });
}

export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, accountKey(email)));
}
