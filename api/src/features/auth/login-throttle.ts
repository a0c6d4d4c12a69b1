/**
 * Throttles kept in the `login_throttle` table (fixed windows), so every API instance behind a
 * load balancer sees the same counts.
 *
 * Failed logins are counted per account-and-client pair and per client, never per account alone
 * (OWASP ASVS): a client that keeps failing on an account is slowed down exponentially, then
 * refused; a client that fails on many accounts is refused; but the account's owner, signing in
 * from a client that has not itself failed repeatedly, is never locked out by somebody else's
 * attempts. Every attempt is counted before its password is verified; a successful login clears
 * its pair and takes its attempt back from the client's count. `consumeAllowance` is the same
 * counter as a plain rate limit (registration, password reset, click-outs).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginThrottle } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';

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
 * Counts this attempt for the client on the account and for the client overall, before the
 * password is verified, in one statement: concurrent attempts each see their own count, so no
 * more than the limit of them ever reach the verification. Throws 429 when this attempt is past
 * a limit; otherwise returns how long to delay the answer. An attempt that succeeds is taken
 * back by `clearLoginFailures`, so what stays counted are the failures.
 */
export async function countLoginAttempt(
  db: Database,
  ip: string,
  email: string,
  delayBaseMs: number,
): Promise<{ delayMs: number }> {
  const counts = await countAttempts(db, [pairKey(ip, email), ipKey(ip)]);
  const pairAttempts = counts.get(pairKey(ip, email)) ?? 1;
  if (pairAttempts > MAX_FAILURES_PER_CLIENT_AND_ACCOUNT) throw tooManyFailures();
  if ((counts.get(ipKey(ip)) ?? 1) > MAX_FAILURES_PER_IP) throw tooManyFailures();
  return { delayMs: loginDelayMs(pairAttempts - 1, delayBaseMs) };
}

/**
 * A successful sign-in forgets this client's failures on the account, and its attempt no longer
 * counts toward the client's failures across accounts.
 */
export async function clearLoginFailures(db: Database, ip: string, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, pairKey(ip, email)));
  await db
    .update(loginThrottle)
    .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
    .where(and(eq(loginThrottle.key, ipKey(ip)), gt(loginThrottle.windowEndsAt, sql`now()`)));
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
