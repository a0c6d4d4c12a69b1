/**
 * Data access of accounts: the admin's user list and edits, store assignments of store managers,
 * and what the profile needs (sign-up and sign-in read and write accounts through features/auth).
 * A user leaves here without its password hash.
 */
import { containsPattern } from '../../db/sql';
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { UserRole } from '@koopjesland/shared/entities';
import type { Database } from '../../db/client';
import { stores, userStores, users, wishlistItems } from '../../db/schema';
import { offsetOf } from '../../http/pagination';
import { revokeResetTokens } from '../auth/reset-tokens';
import { scopeColumns, withStoreIds } from '../auth/account-scope';

const adminUserColumns = { ...scopeColumns, lastSignInAt: users.lastSignInAt };

export const USER_SORT_COLUMNS = {
  email: users.email,
  isAdmin: users.isAdmin,
  role: users.role,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  lastSignInAt: users.lastSignInAt,
} as const;

/** Adds `wishlistCount` to each row. */
async function withWishlistCounts<Row extends { id: number }>(db: Database, rows: Row[]) {
  const counts = rows.length
    ? await db
        .select({ userId: wishlistItems.userId, value: count() })
        .from(wishlistItems)
        .where(inArray(wishlistItems.userId, rows.map((row) => row.id)))
        .groupBy(wishlistItems.userId)
    : [];
  return rows.map((row) => ({ ...row, wishlistCount: counts.find((c) => c.userId === row.id)?.value ?? 0 }));
}

export async function listUsers(
  db: Database,
  query: {
    page: number;
    limit: number;
    sortBy: keyof typeof USER_SORT_COLUMNS;
    sortOrder: 'asc' | 'desc';
    search?: string;
    role?: UserRole;
  },
) {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(ilike(users.email, containsPattern(query.search)));
  if (query.role) conditions.push(eq(users.role, query.role));
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(direction(USER_SORT_COLUMNS[query.sortBy]), direction(users.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows: await withWishlistCounts(db, await withStoreIds(db, rows)), totalItems: total?.value ?? 0 };
}

/** The user as the admin's detail page shows it: with last sign-in and wishlist count. */
export async function findAdminUser(db: Database, id: number) {
  const rows = await db.select(adminUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return (await withWishlistCounts(db, await withStoreIds(db, rows)))[0];
}

export async function findPasswordHash(db: Database, id: number): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1);
  return row?.passwordHash;
}

export async function emailTakenByOther(db: Database, email: string, id: number): Promise<boolean> {
  const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, id))).limit(1);
  return Boolean(taken);
}

/** Changes email and/or role; isAdmin follows the role. */
export async function updateUser(db: Database, id: number, changes: { email?: string; role?: UserRole }) {
  const set = { ...changes, ...(changes.role ? { isAdmin: changes.role === 'admin' } : {}) };
  if (!Object.keys(set).length) return;
  await db.update(users).set(set).where(eq(users.id, id));
}

/**
 * The one way a password changes: every reset or invitation link of the user still outstanding
 * stops working with it, whichever route changed it. Pass the transaction's handle as `db`.
 */
export async function setPasswordHash(db: Database, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
  await revokeResetTokens(db, id);
}

/** Replaces a user's store assignments; an empty list means every store. */
export async function setStoreAssignments(db: Database, userId: number, storeIds: number[]): Promise<void> {
  await db.delete(userStores).where(eq(userStores.userId, userId));
  await db.update(users).set({ allStores: storeIds.length === 0 }).where(eq(users.id, userId));
  if (storeIds.length) await db.insert(userStores).values(storeIds.map((storeId) => ({ userId, storeId })));
}

/** The given store ids that do not exist. */
export async function unknownStoreIds(db: Database, storeIds: number[]): Promise<number[]> {
  if (!storeIds.length) return [];
  const found = await db.select({ id: stores.id }).from(stores).where(inArray(stores.id, storeIds));
  return storeIds.filter((id) => !found.some((row) => row.id === id));
}

/**
 * The admins, locked until the transaction ends, so two requests cannot each remove
 * "another" admin and leave none.
 */
export async function lockAdminIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  return rows.map((row) => row.id);
}

export async function deleteUser(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
