/**
 * Test users: creates an account directly in the database and returns a signed token,
 * so feature tests can call user and admin routes without going through /auth/login.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { UserRole } from '@koopjesland/shared/entities';
import { hashPassword } from '../src/features/auth/passwords';
import { userStores, users } from '../src/db/schema';

/** Who a test signs in as: a visitor with an account ('user') or one of the admin roles. */
export type TestRole = UserRole;

export interface TestUser {
  id: number;
  email: string;
  isAdmin: boolean;
  role: UserRole;
  password: string;
  token: string;
  headers: { authorization: string };
}

export async function createTestUser(
  app: FastifyInstance,
  options: {
    email?: string;
    role?: TestRole;
    password?: string;
    /** A store manager's stores (the stores must exist); none = every store. */
    storeIds?: number[];
  } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${crypto.randomBytes(4).toString('hex')}@example.nl`;
  const password = options.password ?? 'correct horse battery';
  const role = options.role ?? 'user';
  const [user] = await app.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(password), role, isAdmin: role === 'admin', allStores: !options.storeIds?.length })
    .returning({ id: users.id, email: users.email, isAdmin: users.isAdmin, role: users.role });
  if (options.storeIds?.length) {
    await app.db.insert(userStores).values(options.storeIds.map((storeId) => ({ userId: user!.id, storeId })));
  }
  const token = await app.issueToken(user!);
  return { ...user!, password, token, headers: { authorization: `Bearer ${token}` } };
}
