/**
 * Test users: creates an account directly in the database and returns a signed token,
 * so feature tests can call user and admin routes without going through /auth/login.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../src/auth/passwords';
import { users } from '../src/db/schema';

/** Who a test signs in as: an admin (every area) or a visitor with an account. */
export type TestRole = 'admin' | 'user';

export interface TestUser {
  id: number;
  email: string;
  isAdmin: boolean;
  password: string;
  token: string;
  headers: { authorization: string };
}

export async function createTestUser(
  app: FastifyInstance,
  options: { email?: string; role?: TestRole; password?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${crypto.randomBytes(4).toString('hex')}@example.nl`;
  const password = options.password ?? 'correct horse battery';
  const [user] = await app.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(password), isAdmin: options.role === 'admin' })
    .returning({ id: users.id, email: users.email, isAdmin: users.isAdmin });
  const token = app.issueToken(user!);
  return { ...user!, password, token, headers: { authorization: `Bearer ${token}` } };
}
