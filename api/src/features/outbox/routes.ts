/**
 * The outbox for admins: mail kept in the database because no SMTP server is configured
 * (api/src/mail/), so invitations and reset links can be read on an offline installation.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMessageSchema, outboxMessageSummarySchema, paginationSchema } from '@koopjesland/shared/entities';
import { notFound } from '../../http/errors';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idParam } from '../../http/route-schemas';
import { findOutboxMessage, listOutbox } from '../../mail/outbox';

export default async function outboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get('/admin/outbox', {
    config: { access: 'users' },
    schema: {
      ...common,
      summary: 'Mail kept in the outbox, newest first (admin)',
      querystring: pageQuery.extend({ to: z.string().trim().max(320).optional() }),
      response: { 200: z.object({ messages: z.array(outboxMessageSummarySchema), pagination: paginationSchema }), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const { rows, totalItems } = await listOutbox(app.db, request.query);
      return { messages: rows, pagination: paginationOf(totalItems, request.query) };
    },
  });

  app.get('/admin/outbox/:id', {
    config: { access: 'users' },
    schema: {
      ...common,
      summary: 'One mail of the outbox (admin)',
      params: idParam,
      response: { 200: outboxMessageSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const message = await findOutboxMessage(app.db, request.params.id);
      if (!message) throw notFound('Message not found');
      return message;
    },
  });
}
