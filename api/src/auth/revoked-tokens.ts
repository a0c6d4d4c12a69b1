/** Tokens signed out before they expire (logout), kept in PostgreSQL so every API instance refuses them. */
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { revokedTokens } from '../db/schema';

export async function isRevoked(db: Database, jti: string): Promise<boolean> {
  const [revoked] = await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti)).limit(1);
  return Boolean(revoked);
}

/** Revokes a token until it would have expired anyway; expired revocations are pruned on the way. */
export async function revokeToken(db: Database, jti: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
}
