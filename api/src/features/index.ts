/**
 * Every feature's routes, registered under /api by app.ts. A feature is a folder
 * (`features/<name>/`) whose `routes.ts` exports a Fastify plugin.
 */
import type { FastifyPluginAsync } from 'fastify';

export const features: FastifyPluginAsync[] = [];
