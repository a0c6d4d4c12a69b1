/**
 * Throttles kept in the `login_throttle` table (fixed windows), so every API instance behind a
 * load balancer sees the same counts.
 *
 * Failed logins are counted per account-and-client pair and per client, never per account alone
 * (OWASP ASVS): a client that keeps failing on an account is slowed down exponentially, then
 * refused; a client that fails on many accounts is refused; but the account's owner, signing in
 * from a client that has not itself failed repeatedly, is never locked out by somebody else's
 * attempts. A successful login clears its pair. `consumeAllowance` is the same counter as a plain
 * rate limit (registration, password reset, click-outs).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginThrottle } from '../db/schema';
import { tooManyRequests } from '../http/errors';

export const THROTTLE_WINDOW_MINUTES = 15;
/** Failures of one client on one account before it is refused for the window. */
export const MAX_FAILURES_PER_CLIENT_AND_ACCOUNT = 10;
/** Failures of one client across accounts before it is refused for the window. */
export const MAX_FAILURES_PER_IP = 30;
/** Failures of one client on one account answered without delay; each further one doubles it. */
export const FREE_FAILURES = 3;
export const MAX_LOGIN_DELAY_MS = 8_000;

const pairKey = (ip: string, email: string) => `pair:${ip}|${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

const tooManyFailures = () =>
  tooManyRequests(`Too many failed login attempts. Please try again in ${THROTTLE_WINDOW_MINUTES} minutes.`);

/** How long to hold the answer to a client's next attempt after `failures` failures on the account. */
export function loginDelayMs(failures: number, baseMs: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_LOGIN_DELAY_MS, baseMs * 2 ** (failures - FREE_FAILURES));
}

/**
 * Throws 429 when this client has used up its failures (on this account, or across accounts);
 * otherwise returns how long to delay the answer.
 */
export async function assertLoginAllowed(
  db: Database,
  ip: string,
  email: string,
  delayBaseMs: number,
): Promise<{ delayMs: number }> {
  const attempts = await attemptsInWindow(db, [pairKey(ip, email), ipKey(ip)]);
  const pairFailures = attempts.get(pairKey(ip, email)) ?? 0;
  if (pairFailures >= MAX_FAILURES_PER_CLIENT_AND_ACCOUNT) throw tooManyFailures();
  if ((attempts.get(ipKey(ip)) ?? 0) >= MAX_FAILURES_PER_IP) throw tooManyFailures();
  return { delayMs: loginDelayMs(pairFailures, delayBaseMs) };
}

/** Counts a failure for the client on this account and for the client overall. */
export async function recordLoginFailure(db: Database, ip: string, email: string): Promise<void> {
  await countAttempts(db, [pairKey(ip, email), ipKey(ip)]);
}

/** A successful sign-in forgets this client's failures on the account. */
export async function clearLoginFailures(db: Database, ip: string, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, pairKey(ip, email)));
}

/** The attempts counted under each key in its current window (keys without one are absent). */
export async function attemptsInWindow(db: Database, keys: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: loginThrottle.key, attempts: loginThrottle.attempts })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.windowEndsAt, sql`now()`)));
  return new Map(rows.map((row) => [row.key, row.attempts]));
}

/** Counts one attempt under each key; a window that has ended starts again at 1. Returns the counts. */
export async function countAttempts(
  db: Database,
  keys: string[],
  windowMinutes = THROTTLE_WINDOW_MINUTES,
): Promise<Map<string, number>> {
  const windowEnd = sql`now() + make_interval(mins => ${windowMinutes})`;
  const expired = sql`${loginThrottle.windowEndsAt} <= now()`;
  const rows = await db
    .insert(loginThrottle)
    .values(keys.map((key) => ({ key, attempts: 1, windowEndsAt: windowEnd })))
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${loginThrottle.attempts} + 1 end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${loginThrottle.windowEndsAt} end`,
      },
    })
    .returning({ key: loginThrottle.key, attempts: loginThrottle.attempts });
  return new Map(rows.map((row) => [row.key, row.attempts]));
}

/**
 * A plain rate limit: counts this request under `key` and throws 429 once more than `limit`
 * requests fell in the window. One statement, so concurrent requests cannot slip past it.
 */
export async function consumeAllowance(
  db: Database,
  key: string,
  limit: number,
  windowMinutes: number,
  message = 'Too many requests, please try again later.',
): Promise<void> {
  const counts = await countAttempts(db, [key], windowMinutes);
  if ((counts.get(key) ?? 0) > limit) throw tooManyRequests(message);
}
