/**
 * Data access of accounts: the admin's user list and edits, and what sign-up, sign-in and the
 * profile need. A user leaves here without its password hash, except for the one sign-in check.
 */
import { and, asc, count, desc, eq, ilike, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { offsetOf } from '../../http/pagination';

/** The user as the API shows it: never the password hash. */
export const publicUserColumns = {
  id: users.id,
  email: users.email,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export const USER_SORT_COLUMNS = {
  email: users.email,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUsers(
  db: Database,
  query: { page: number; limit: number; sortBy: keyof typeof USER_SORT_COLUMNS; sortOrder: 'asc' | 'desc'; search?: string },
) {
  const where = query.search ? ilike(users.email, `%${escapeLike(query.search)}%`) : undefined;
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(publicUserColumns)
      .from(users)
      .where(where)
      .orderBy(direction(USER_SORT_COLUMNS[query.sortBy]), direction(users.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, totalItems: total?.value ?? 0 };
}

export async function findUser(db: Database, id: number) {
  const [user] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The account signing in, with its hash to verify against; undefined for an unknown email. */
export async function findCredentials(db: Database, email: string) {
  const [row] = await db
    .select({ ...publicUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

/** A new account; undefined when the email is taken. */
export async function insertUser(db: Database, values: { email: string; passwordHash: string }) {
  const [user] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning(publicUserColumns);
  return user;
}

export async function emailTakenByOther(db: Database, email: string, id: number): Promise<boolean> {
  const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, id))).limit(1);
  return Boolean(taken);
}

export async function updateUser(db: Database, id: number, changes: { email?: string; isAdmin?: boolean }) {
  const [user] = await db.update(users).set(changes).where(eq(users.id, id)).returning(publicUserColumns);
  return user;
}

export async function deleteUser(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
