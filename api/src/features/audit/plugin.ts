/**
 * Gives every request its list of audit changes (filled by `recordChange` in handlers) and
 * writes them once the handler answered with a 2xx status, before the answer leaves, so a
 * failed write leaves no record and a client that reads the trail next sees the change.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AuditChange } from './trail';
import { writeAuditRecords } from './records';

async function auditPlugin(app: FastifyInstance) {
  app.decorateRequest('auditChanges', null as unknown as AuditChange[]);
  app.addHook('onRequest', async (request) => {
    request.auditChanges = [];
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const changes = request.auditChanges;
    if (!changes?.length || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    request.auditChanges = [];
    try {
      await writeAuditRecords(app.db, request.authUser, changes);
    } catch (error) {
      request.log.error({ err: error, changes }, 'audit records could not be written');
    }
    return payload;
  });
}

export default fp(auditPlugin, { name: 'audit' });
