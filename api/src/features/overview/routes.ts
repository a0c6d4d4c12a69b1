/** The admin's overview: one call for a role's home (admin-routes.ts). */
import type { FastifyInstance } from 'fastify';
import overviewAdminRoutes from './admin-routes';

export default async function overviewRoutes(fastify: FastifyInstance) {
  await fastify.register(overviewAdminRoutes);
}
