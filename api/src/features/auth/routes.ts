/**
 * Sign up, sign in, profile and sign out (docs/product.md §7 Authentication). Login errors never say
 * whether the email exists; attempts are throttled per client and per client-and-account
 * (auth/login-throttle.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponseSchema, userSchema } from '@koopjesland/shared/entities';
import {
  clearLoginFailures,
  consumeAllowance,
  countLoginAttempt,
  THROTTLE_WINDOW_MINUTES,
} from './login-throttle';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { endSession } from './sessions';
import { badRequest, conflict, unauthorized } from '../../http/errors';
import { languageOf } from '../../http/language';
import { errorResponses } from '../../http/route-schemas';
import { findCredentials, findUser, insertUser, recordSignIn } from './account-scope';

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

/** Accounts one client may create per throttle window. */
export const MAX_REGISTRATIONS_PER_IP = 10;

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400, 401);

  app.post('/auth/register', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Create an account and sign in',
      body: credentialsBody,
      response: { 200: authResponseSchema, ...errors, ...errorResponses(409, 429) },
    },
    handler: async (request) => {
      const { email, password } = readCredentials(request.body);
      // Each registration costs an argon2 hash of 19 MiB: a client gets a few per window, not thousands.
      await consumeAllowance(app.db, `register:${request.ip}`, MAX_REGISTRATIONS_PER_IP, THROTTLE_WINDOW_MINUTES);
      if (!emailSchema.safeParse(email).success) throw badRequest('Invalid email', 'Enter a valid email address');
      const problem = passwordProblem(password, email);
      if (problem) throw badRequest('Invalid password', problem);
      // Hashed before the address is tried, so a taken address costs the same work as a new one;
      // that it is taken is then said on purpose (docs/product.md §7 "Authentication").
      const passwordHash = await hashPassword(password);
      const created = await insertUser(app.db, { email, passwordHash });
      if (!created) throw conflict('An account with this email already exists');
      await recordSignIn(app.db, created.id, languageOf(request.headers['accept-language']));
      return { token: await app.issueToken(created), user: (await findUser(app.db, created.id))! };
    },
  });

  app.post('/auth/login', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with email and password',
      body: credentialsBody,
      response: { 200: authResponseSchema, ...errors, ...errorResponses(429) },
    },
    handler: async (request) => {
      const { email, password } = readCredentials(request.body);
      const { delayMs } = await countLoginAttempt(app.db, request.ip, email, app.config.loginDelayBaseMs);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const row = await findCredentials(app.db, email);
      const ok = await verifyPassword(row?.passwordHash ?? null, password);
      if (!row || !ok) throw unauthorized('Invalid email or password');
      await clearLoginFailures(app.db, request.ip, email);
      await recordSignIn(app.db, row.id, languageOf(request.headers['accept-language']));
      return { token: await app.issueToken(row), user: (await findUser(app.db, row.id))! };
    },
  });

  app.get('/auth/profile', {
    config: { access: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user',
      security: [{ bearer: [] }],
      response: { 200: userSchema, ...errorResponses(401) },
    },
    handler: async (request) => {
      const user = await findUser(app.db, request.authUser!.id);
      if (!user) throw unauthorized();
      return user;
    },
  });

  app.post('/auth/logout', {
    config: { access: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Sign out: the token stops working on the server',
      security: [{ bearer: [] }],
      response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(401) },
    },
    handler: async (request) => {
      await endSession(app.db, request.tokenId!);
      return { success: true as const };
    },
  });
}
