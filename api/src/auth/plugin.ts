/**
 * Authentication and authorization for every route: verifies the bearer JWT (HS256 only,
 * with expiry), refuses revoked tokens, reads the user (and so `isAdmin`) from the database
 * on each request, then enforces the route's declared access.
 */
import crypto from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { findUser } from '../features/users/repository';
import { isRevoked } from './revoked-tokens';
import { forbidden, unauthorized } from '../http/errors';
import { canAccessArea, isAdminArea, type AuthUser } from './access';

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
  if (await isRevoked(db, payload.jti)) throw unauthorized('Invalid or expired token');
  const user = await findUser(db, Number(payload.sub));
  if (!user) throw unauthorized('Invalid or expired token');
  request.tokenId = payload.jti;
  // Roles and store assignments arrive with the users feature's role column; until then isAdmin decides.
  return { id: user.id, email: user.email, isAdmin: user.isAdmin, role: user.isAdmin ? 'admin' : 'user', storeIds: null };
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: options.expiresIn },
    verify: { algorithms: ['HS256'] },
  });
  app.decorateRequest('authUser', null);
  app.decorateRequest('tokenId', null);

  app.decorate('issueToken', (user: Pick<AuthUser, 'id'>) =>
    app.jwt.sign({ sub: String(user.id), jti: crypto.randomUUID() }),
  );

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
    if (isAdminArea(access) && !canAccessArea(request.authUser, access)) throw forbidden();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    issueToken(user: Pick<AuthUser, 'id'>): string;
  }
}

export default fp(authPlugin, { name: 'auth' });
