/**
 * Builds the Fastify application: external plugins (security headers, CORS, OpenAPI),
 * then the app's own (database, auth), then every feature's routes under /api.
 */
import crypto from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { trustedProxies, type ApiConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { rolesFor, type RouteAccess } from './features/auth/access';
import auditPlugin from './features/audit/plugin';
import authPlugin from './features/auth/plugin';
import { registerErrorHandler } from './http/errors';
import { parseJsonBodies, refuseNulCharacters } from './http/hostile-input';
import { features } from './features';
import mediaRoutes from './features/media/routes';
import crawlRoutes from './features/crawl/routes';
import metricsPlugin from './metrics/plugin';
import { addContentSecurityPolicy } from './http/content-security-policy';
import responseCache from './http/response-cache';
import { registerCompression } from './http/compression';
import { registerAfterResponse } from './http/after-response';
import { FeedQueue } from './features/feeds/queue';

declare module 'fastify' {
  interface FastifyInstance {
    config: ApiConfig;
    /** Drizzle database (PGlite or PostgreSQL). */
    db: DatabaseHandle['db'];
    dbHandle: DatabaseHandle;
    /** Every route as registered (method, url, access), so tests can enumerate the admin surface. */
    routeCatalog: RouteCatalogEntry[];
  }
}

export interface RouteCatalogEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

export interface BuildAppOptions {
  config: ApiConfig;
  database: DatabaseHandle;
  logger?: boolean;
}

export const API_PREFIX = '/api';

/**
 * In a terminal, one line per request, written when it is answered (method, path, status, time);
 * Fastify's own pair of lines per request stays in the JSON logs.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug(`Route ${request.method}:${request.url} not found`);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** `GET /api/products?page=2 200 12.3 ms` for an answered request; any other line keeps its message. */
function requestLine(log: Record<string, unknown>, messageKey: string): string {
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const message = String(log[messageKey] ?? '');
  if (!req?.method || res?.statusCode === undefined || typeof log.responseTime !== 'number') return message;
  const line = `${req.method} ${req.url} ${res.statusCode} ${log.responseTime.toFixed(1)} ms`;
  return message === 'request completed' ? line : `${line}: ${message}`;
}

/**
 * The logger: JSON lines (config.logFormat `json`), or pino-pretty's readable lines with errors and
 * their stacks in full (`pretty`, a terminal). Pretty lines are written synchronously, so they stay
 * in order with the server's console output.
 */
export function loggerOptions(
  config: Pick<ApiConfig, 'logLevel' | 'logFormat'>,
  destination: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (config.logFormat !== 'pretty') return { logger: { level: config.logLevel } };
  const pretty = prettyFactory({
    colorize: destination.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: requestLine,
  });
  return {
    logger: { level: config.logLevel, stream: { write: (line: string) => destination.write(pretty(line)) } },
    logController: new OneLinePerRequest(),
  };
}

export async function buildApp({ config, database, logger = false }: BuildAppOptions) {
  const app = Fastify({
    ...(logger ? loggerOptions(config) : { logger: false }),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    // Every log line of a request carries its id; a caller's X-Request-Id is kept for tracing.
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  parseJsonBodies(app);
  refuseNulCharacters(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbHandle', database);
  // Feed runs are jobs: pg-boss starts on first use (Run now) or with the server's worker.
  app.decorate('feedQueue', new FeedQueue(app));
  app.addHook('onClose', () => app.feedQueue.stop());
  registerAfterResponse(app);

  await app.register(helmet, { contentSecurityPolicy: false, global: true });
  addContentSecurityPolicy(app);
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Koopjesland API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(metricsPlugin, { allowedAddresses: config.metricsAllow, trustProxy: config.trustProxy });
  await app.register(authPlugin, { db: database.db, secret: config.jwtSecret, expiresIn: config.jwtExpiresIn });
  await app.register(auditPlugin);
  await app.register(responseCache, { db: database.db });
  // After the response cache (it keeps the JSON text): pages, API answers and assets without a
  // precompressed copy travel compressed; brotli at quality 4 costs little CPU per response.
  await registerCompression(app);

  // Collected before any feature registers, so the list is complete by construction.
  const routeCatalog: RouteCatalogEntry[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = (route.config as { access?: RouteAccess } | undefined)?.access ?? 'public';
    for (const method of methods) routeCatalog.push({ method, url: route.url, access });
    // The OpenAPI document states what the auth hook enforces: the bearer scheme and the roles.
    if (access !== 'public' && route.schema && !route.schema.hide) {
      const roles = rolesFor(access);
      const description = [route.schema.description, `Requires sign-in as: ${roles.join(', ')}.`].filter(Boolean).join('\n\n');
      route.schema = { ...route.schema, security: [{ bearer: [] }], description, 'x-roles': roles } as typeof route.schema;
    }
  });

  await app.register(
    async (api) => {
      for (const feature of features) await api.register(feature);
    },
    { prefix: API_PREFIX },
  );
  await app.register(mediaRoutes);
  await app.register(crawlRoutes);
  return app;
}

export type App = FastifyInstance;
