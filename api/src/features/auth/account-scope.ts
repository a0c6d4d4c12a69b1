/**
 * The account as authorization sees it: role and store assignments, never the password hash; and
 * what sign-up and sign-in read and write of it. The users and accounts features build on these.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { UserRole } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { userStores, users } from '../../db/schema';

/** The user as the API shows it: never the password hash. */
export const userColumns = {
  id: users.id,
  email: users.email,
  isAdmin: users.isAdmin,
  role: users.role,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
/** Read beside the user to work out `storeIds`; not part of the answer. */
export const scopeColumns = { ...userColumns, allStores: users.allStores };

/**
 * Replaces `allStores` by `storeIds`: a limited store manager's stores (empty when every one of
 * them was deleted), null for an unrestricted store manager and every other role.
 */
export async function withStoreIds<Row extends { id: number; role: UserRole; allStores: boolean }>(db: Database, rows: Row[]) {
  const managerIds = rows.filter((row) => row.role === 'store_manager' && !row.allStores).map((row) => row.id);
  const assignments = managerIds.length
    ? await db
        .select({ userId: userStores.userId, storeId: userStores.storeId })
        .from(userStores)
        .where(inArray(userStores.userId, managerIds))
        .orderBy(asc(userStores.storeId))
    : [];
  return rows.map(({ allStores: _allStores, ...row }) => ({
    ...row,
    storeIds: managerIds.includes(row.id) ? assignments.filter((a) => a.userId === row.id).map((a) => a.storeId) : null,
  }));
}

/** The user with role and store assignments (what authorization needs). */
export async function findUser(db: Database, id: number) {
  const rows = await db.select(scopeColumns).from(users).where(eq(users.id, id)).limit(1);
  return (await withStoreIds(db, rows))[0];
}

/** The account signing in, with its hash to verify against; undefined for an unknown email. */
export async function findCredentials(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

/** A new account; undefined when the email is taken. */
export async function insertUser(db: Database, values: { email: string; passwordHash: string; role?: UserRole }) {
  const role = values.role ?? 'user';
  const [user] = await db
    .insert(users)
    .values({ ...values, role, isAdmin: role === 'admin' })
    .onConflictDoNothing({ target: users.email })
    .returning(userColumns);
  return user;
}

/**
 * Notes a sign-in, and the site's language when the request told it (the language of the user's
 * mail); updatedAt stays, as signing in does not change the account.
 */
export async function recordSignIn(db: Database, id: number, language?: 'nl' | 'en'): Promise<void> {
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()`, updatedAt: sql`${users.updatedAt}`, ...(language ? { language } : {}) })
    .where(eq(users.id, id));
}
