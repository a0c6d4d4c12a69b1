/**
 * Single-use links to set a password: a password reset (30 minutes) or an invitation (7 days).
 * Only a SHA-256 hash of the token is stored, so a database leak does not hand out accounts.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

export const RESET_LINK_MINUTES = 30;
export const INVITATION_LINK_DAYS = 7;

type Purpose = 'reset' | 'invitation';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Creates a link token for the user; earlier unused tokens of the same purpose stop working. */
export async function createResetToken(db: Database, userId: number, purpose: Purpose): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const minutes = purpose === 'reset' ? RESET_LINK_MINUTES : INVITATION_LINK_DAYS * 24 * 60;
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.purpose, purpose), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(mins => ${minutes})`,
  });
  return token;
}

/** The clauses of a token that still works: this one, unused and not expired. */
const usable = (token: string) =>
  and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

/**
 * The token's owner when it still works, without using it up: checked before a new password is
 * hashed, so a made-up token costs a lookup rather than an argon2 hash. `tokenHash` names the
 * token in throttle keys without storing it.
 */
export async function findUsableResetToken(
  db: Database,
  token: string,
): Promise<{ userId: number; tokenHash: string } | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId, tokenHash: passwordResetTokens.tokenHash })
    .from(passwordResetTokens)
    .where(usable(token))
    .limit(1);
  return row;
}

/**
 * Uses up a token: the user it belongs to when it is known, unused and not expired, else
 * undefined. One UPDATE … RETURNING, so two simultaneous uses cannot both succeed.
 */
export async function consumeResetToken(db: Database, token: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Every link of the user that still works, reset and invitation alike, stops working. */
export async function revokeResetTokens(db: Database, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
