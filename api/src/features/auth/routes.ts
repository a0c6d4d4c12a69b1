/**
 * Sign up, sign in, profile and sign out (spec §7 Authentication). Login errors never say
 * whether the email exists; failures are throttled per IP and per account (auth/login-throttle.ts).
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponseSchema, errorResponseSchema, userSchema } from '@koopjesland/shared/entities';
import { assertLoginAllowed, clearAccountFailures, recordLoginFailure } from '../../auth/login-throttle';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords';
import { revokedTokens, users } from '../../db/schema';
import { badRequest, conflict, unauthorized } from '../../http/errors';
import { publicUserColumns } from '../users/columns';

/** Required strings are checked by hand so the message names the field in plain words. */
const credentialsBody = z.object({
  email: z.string().max(320).optional(),
  password: z.string().max(1024).optional(),
});

const emailSchema = z.email();

function readCredentials(body: z.infer<typeof credentialsBody>): { email: string; password: string } {
  const email = body.email?.trim().toLowerCase() ?? '';
  const password = body.password ?? '';
  if (!email) throw badRequest('Invalid email', 'Email is required');
  if (!password) throw badRequest('Invalid password', 'Password is required');
  return { email, password };
}

const authRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: credentialsBody,
        response: { 200: authResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const { email, password } = readCredentials(request.body);
      if (!emailSchema.safeParse(email).success) throw badRequest('Invalid email', 'Enter a valid email address');
      const problem = passwordProblem(password);
      if (problem) throw badRequest('Invalid password', problem);
      const passwordHash = await hashPassword(password);
      const [user] = await app.db
        .insert(users)
        .values({ email, passwordHash })
        .onConflictDoNothing({ target: users.email })
        .returning(publicUserColumns);
      if (!user) throw conflict('An account with this email already exists');
      return { token: app.issueToken(user), user };
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: credentialsBody,
        response: { 200: authResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { email, password } = readCredentials(request.body);
      await assertLoginAllowed(app.db, request.ip, email);
      const [row] = await app.db
        .select({ ...publicUserColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      const ok = await verifyPassword(row?.passwordHash ?? null, password);
      if (!row || !ok) {
        await recordLoginFailure(app.db, request.ip, email);
        throw unauthorized('Invalid email or password');
      }
      await clearAccountFailures(app.db, email);
      const { passwordHash: _hash, ...user } = row;
      return { token: app.issueToken(user), user };
    },
  );

  app.get(
    '/auth/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: userSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const [user] = await app.db
        .select(publicUserColumns)
        .from(users)
        .where(eq(users.id, request.authUser!.id))
        .limit(1);
      if (!user) throw unauthorized();
      return user;
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the token is revoked on the server',
        security: [{ bearer: [] }],
        response: { 200: z.object({ success: z.literal(true) }), 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { exp } = request.user as { exp: number };
      await app.db
        .insert(revokedTokens)
        .values({ jti: request.tokenId!, expiresAt: new Date(exp * 1000) })
        .onConflictDoNothing();
      // Expired revocations are useless; prune them on the way.
      await app.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
      return { success: true as const };
    },
  );
};

export default authRoutes;
