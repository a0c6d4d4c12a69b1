/**
 * Gives every request its list of audit changes (filled by `recordChange` in handlers).
 * Persisting them after a successful response belongs here too.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AuditChange } from './trail';

async function auditPlugin(app: FastifyInstance) {
  app.decorateRequest('auditChanges', null as unknown as AuditChange[]);
  app.addHook('onRequest', async (request) => {
    request.auditChanges = [];
  });
}

export default fp(auditPlugin, { name: 'audit' });
