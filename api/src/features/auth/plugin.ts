/**
 * Authentication and authorization for every route: verifies the bearer JWT (HS256 only, with
 * an expiry it must carry), refuses tokens whose session has ended or expired, reads the user
 * (role and store assignments) from the database on each request, then enforces the route's
 * declared access.
 */
import crypto from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { findUser } from './account-scope';
import { isSessionActive, recordSession } from './sessions';
import { forbidden, unauthorized } from '../../http/errors';
import { canUseAdminAccess, type AuthUser } from './access';

interface TokenPayload {
  sub: string;
  jti: string;
  exp: number;
}

export interface AuthPluginOptions {
  db: Database;
  secret: string;
  expiresIn: string;
}

async function authenticate(request: FastifyRequest, db: Database): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  if (!header.startsWith('Bearer ')) throw unauthorized('Invalid token');
  let payload: TokenPayload;
  try {
    payload = await request.jwtVerify<TokenPayload>();
  } catch {
    throw unauthorized('Invalid or expired token');
  }
  // The library checks `exp` only when present: a token without one would never expire.
  if (typeof payload.exp !== 'number' || typeof payload.jti !== 'string')
    throw unauthorized('Invalid or expired token');
  const userId = Number(payload.sub);
  if (!Number.isSafeInteger(userId) || !(await isSessionActive(db, payload.jti, userId))) {
    throw unauthorized('Invalid or expired token');
  }
  const user = await findUser(db, userId);
  if (!user) throw unauthorized('Invalid or expired token');
  request.tokenId = payload.jti;
  return { id: user.id, email: user.email, isAdmin: user.isAdmin, role: user.role, storeIds: user.storeIds };
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: options.expiresIn },
    verify: { algorithms: ['HS256'] },
  });
  app.decorateRequest('authUser', null);
  app.decorateRequest('tokenId', null);

  app.decorate('issueToken', async (user: Pick<AuthUser, 'id'>) => {
    const jti = crypto.randomUUID();
    const token = app.jwt.sign({ sub: String(user.id), jti });
    const { exp } = app.jwt.decode<TokenPayload>(token)!;
    await recordSession(options.db, { jti, userId: user.id, expiresAt: new Date(exp * 1000) });
    return token;
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'public';
    try {
      request.authUser = await authenticate(request, options.db);
    } catch (error) {
      // A bad token on a public route is treated as anonymous rather than an error page.
      if (access !== 'public') throw error;
      request.authUser = null;
    }
    if (access === 'public') return;
    if (!request.authUser) throw unauthorized();
    if (access !== 'user' && !canUseAdminAccess(request.authUser, access)) throw forbidden();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs a token and records its session. */
    issueToken(user: Pick<AuthUser, 'id'>): Promise<string>;
  }
}

export default fp(authPlugin, { name: 'auth' });
