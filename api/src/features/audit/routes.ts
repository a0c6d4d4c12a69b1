/**
 * The audit trail for admins (docs/product.md "Accounts, roles and audit API"): who changed
 * what and when, filtered by user, entity (and id), action and date range. Read-only by design:
 * there is no route that writes, edits or deletes a record.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditRecordSchema, paginationSchema } from '@koopjesland/shared/entities';
import { badRequest } from '../../http/errors';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idField } from '../../http/route-schemas';
import { listAuditRecords } from './repository';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const dateField = z
  .string()
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Must be an ISO date (2026-11-23) or date-time')
  .optional();

const listQuery = pageQuery.extend({
  userId: idField.optional(),
  entity: z.string().trim().min(1).max(100).optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  from: dateField,
  to: dateField,
});

/** `to` as a plain date includes that whole day (UTC). */
function endBound(to: string): Date {
  const date = new Date(to);
  if (DATE_ONLY.test(to)) date.setUTCDate(date.getUTCDate() + 1);
  else date.setTime(date.getTime() + 1);
  return date;
}

export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/audit', {
    config: { access: 'users' },
    schema: {
      tags: ['admin'],
      security: [{ bearer: [] }],
      summary: 'The audit trail, newest first (admin)',
      querystring: listQuery,
      response: { 200: z.object({ records: z.array(auditRecordSchema), pagination: paginationSchema }), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const { from, to, ...query } = request.query;
      const range = { from: from ? new Date(from) : undefined, before: to ? endBound(to) : undefined };
      if (range.from && range.before && range.from >= range.before) throw badRequest('Invalid from', 'from must be before to');
      const { rows, totalItems } = await listAuditRecords(app.db, { ...query, ...range });
      return { records: rows, pagination: paginationOf(totalItems, request.query) };
    },
  });
}
