/**
 * Sessions: every token issued is recorded here and a token is only accepted while its row
 * exists, so signing out, a password change (other sessions) or a reset (all sessions) holds on
 * every API instance at once. Rows of expired tokens are pruned when new ones are recorded.
 */
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userSessions } from '../../db/schema';

export async function recordSession(db: Database, session: { jti: string; userId: number; expiresAt: Date }): Promise<void> {
  await db.insert(userSessions).values(session);
  await db.delete(userSessions).where(lt(userSessions.expiresAt, sql`now()`));
}

/** A session counts while its row exists and its own expiry has not passed, whatever the token says. */
export async function isSessionActive(db: Database, jti: string, userId: number): Promise<boolean> {
  const [session] = await db
    .select({ jti: userSessions.jti })
    .from(userSessions)
    .where(and(eq(userSessions.jti, jti), eq(userSessions.userId, userId), gt(userSessions.expiresAt, sql`now()`)))
    .limit(1);
  return Boolean(session);
}

export async function endSession(db: Database, jti: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.jti, jti));
}

/** Signs the user out everywhere except, when given, the session making the request. */
export async function endUserSessions(db: Database, userId: number, keepJti?: string): Promise<void> {
  await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), keepJti ? ne(userSessions.jti, keepJti) : undefined));
}
