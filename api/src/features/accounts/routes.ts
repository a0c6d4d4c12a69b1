/**
 * The signed-in user's own account and password recovery (docs/product.md "Accounts, roles
 * and audit API"): change password (other sessions end), delete the account, forgot password
 * (a single-use link by mail, valid 30 minutes; the answer never tells whether the address has an
 * account) and reset (which also completes an invitation).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../audit/trail';
import { consumeAllowance, countAttempts, THROTTLE_WINDOW_MINUTES } from '../auth/login-throttle';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords';
import { consumeResetToken, createResetToken, findUsableResetToken, RESET_LINK_MINUTES } from '../auth/reset-tokens';
import { endUserSessions } from '../auth/sessions';
import { badRequest, conflict } from '../../http/errors';
import { errorResponses } from '../../http/route-schemas';
import { mailerOf } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import { findCredentials } from '../auth/account-scope';
import { deleteUser, findPasswordHash, lockAdminIds, setPasswordHash } from '../users/repository';

/** Reset mails per address per window; further requests get the same answer and send nothing. */
export const MAX_RESET_MAILS_PER_ADDRESS = 3;
/** Reset requests per IP per window, then 429. */
export const MAX_RESET_REQUESTS_PER_IP = 20;
/** New-password attempts (POST /auth/reset-password) per IP per window, then 429. */
export const MAX_RESET_ATTEMPTS_PER_IP = 20;
/** New-password attempts with one working link per window, then 429: each costs an argon2 hash. */
export const MAX_RESET_ATTEMPTS_PER_TOKEN = 5;

const tooManyResets = `Too many password reset requests. Please try again in ${THROTTLE_WINDOW_MINUTES} minutes.`;

const success = z.object({ success: z.literal(true) });
const requiredText = (message: string) => z.string({ error: message }).min(1, message).max(1024);

const invalidLink = () => badRequest('Invalid token', 'This reset link is invalid or has expired');

function assertAcceptablePassword(field: string, password: string, email?: string) {
  const problem = passwordProblem(password, email);
  if (problem) throw badRequest(`Invalid ${field}`, problem);
}

export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const security = [{ bearer: [] }];
  /** Counts a reset request under `key`; past `limit` in the window it is refused with 429. */
  const limitResets = (key: string, limit: number) =>
    consumeAllowance(app.db, key, limit, THROTTLE_WINDOW_MINUTES, tooManyResets);

  app.post('/auth/change-password', {
    config: { access: 'user' },
    schema: {
      tags,
      security,
      summary: 'Change your password; every other session of yours is signed out',
      body: z.object({
        currentPassword: requiredText('Current password is required'),
        newPassword: requiredText('New password is required'),
      }),
      response: { 200: success, ...errorResponses(400, 401) },
    },
    handler: async (request) => {
      const user = request.authUser!;
      const storedHash = await findPasswordHash(app.db, user.id);
      if (!storedHash || !(await verifyPassword(storedHash, request.body.currentPassword))) {
        throw badRequest('Invalid currentPassword', 'Current password is incorrect');
      }
      assertAcceptablePassword('newPassword', request.body.newPassword, user.email);
      const passwordHash = await hashPassword(request.body.newPassword);
      await app.db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await endUserSessions(tx, user.id, request.tokenId!);
      });
      recordChange(request, { entity: 'user', entityId: user.id, action: 'change-password' });
      return { success: true as const };
    },
  });

  app.delete('/auth/account', {
    config: { access: 'user' },
    schema: {
      tags,
      security,
      summary: 'Delete your own account (your password confirms it)',
      body: z.object({ password: requiredText('Password is required') }),
      response: { 200: success, ...errorResponses(400, 401, 409) },
    },
    handler: async (request) => {
      const user = request.authUser!;
      const storedHash = await findPasswordHash(app.db, user.id);
      if (!storedHash || !(await verifyPassword(storedHash, request.body.password))) {
        throw badRequest('Invalid password', 'Password is incorrect');
      }
      const lastAdmin = await app.db.transaction(async (tx) => {
        if (user.role === 'admin') {
          const admins = await lockAdminIds(tx);
          if (admins.length <= 1) return true;
        }
        await deleteUser(tx, user.id);
        return false;
      });
      if (lastAdmin) throw conflict('The last admin cannot be removed');
      recordChange(request, { entity: 'user', entityId: user.id, action: 'delete-own-account', before: { email: user.email, role: user.role } });
      return { success: true as const };
    },
  });

  app.post('/auth/forgot-password', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Mail a single-use password reset link (same answer whether or not the account exists)',
      body: z.object({ email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(320) }),
      response: { 200: success, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      const { email } = request.body;
      await limitResets(`reset-ip:${request.ip}`, MAX_RESET_REQUESTS_PER_IP);
      // Everything that depends on the address runs after the answer, so the answer takes as long
      // whether or not the address has an account.
      app.afterResponse.run('password reset mail', () => mailResetLink(email));
      return { success: true as const };
    },
  });

  /** Mails a reset link when the address has an account and has not had its mails this window. */
  async function mailResetLink(email: string): Promise<void> {
    const counts = await countAttempts(app.db, [`reset-address:${email}`]);
    if ((counts.get(`reset-address:${email}`) ?? 1) > MAX_RESET_MAILS_PER_ADDRESS) return;
    const account = await findCredentials(app.db, email);
    if (!account) return;
    const token = await createResetToken(app.db, account.id, 'reset');
    const link = `${app.config.publicUrl}/reset-password?token=${token}`;
    await mailerOf(app).send(passwordResetMail(email, link, RESET_LINK_MINUTES));
  }

  app.post('/auth/reset-password', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Set a new password with the token from a reset or invitation mail; every session ends',
      body: z.object({
        token: requiredText('Token is required'),
        password: requiredText('Password is required'),
      }),
      response: { 200: success, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await limitResets(`reset-password-ip:${request.ip}`, MAX_RESET_ATTEMPTS_PER_IP);
      // The password is checked first, so a refused password leaves the link usable.
      assertAcceptablePassword('password', request.body.password);
      // The link is checked before the password is hashed: a made-up token costs a lookup, not a hash.
      const link = await findUsableResetToken(app.db, request.body.token);
      if (!link) throw invalidLink();
      await limitResets(`reset-token:${link.tokenHash}`, MAX_RESET_ATTEMPTS_PER_TOKEN);
      const passwordHash = await hashPassword(request.body.password);
      // Used up only now, in one statement: of two requests with the same link, one wins.
      const userId = await app.db.transaction(async (tx) => {
        const owner = await consumeResetToken(tx, request.body.token);
        if (owner === undefined) return undefined;
        await setPasswordHash(tx, owner, passwordHash);
        await endUserSessions(tx, owner);
        return owner;
      });
      if (userId === undefined) throw invalidLink();
      recordChange(request, { entity: 'user', entityId: userId, action: 'reset-password' });
      return { success: true as const };
    },
  });
}
