/**
 * Wrong-price reports (docs/product.md "Wrong-price reports and hidden offers").
 * Visitors (anonymous allowed, rate-limited per client) report a shown offer; the store admin's
 * queue lists the open reports grouped per offer, limited to the caller's stores; resolving
 * hides the offer until its feed's next import carries it, or dismisses the reports.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  id,
  OFFER_HIDDEN_REASONS,
  paginationSchema,
  PRICE_REPORT_REASONS,
  PRICE_REPORT_SORT_FIELDS,
  priceReportBodySchema,
  priceReportGroupSchema,
} from '@koopjesland/shared/entities';
import { assertStoreAccess, storeScope } from '../auth/access';
import { consumeAllowance } from '../auth/login-throttle';
import { recordChange } from '../audit/trail';
import { conflict, notFound } from '../../http/errors';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idField, idParam } from '../../http/route-schemas';
import {
  dismissReports,
  findOffer,
  findReportableOffer,
  hideReportedOffer,
  insertReport,
  listReportGroups,
  openReportCount,
} from './repository';

/** Reports one client may send per hour: enough for an honest visitor, too few to flood the queue. */
export const MAX_PRICE_REPORTS_PER_HOUR = 10;

const queueQuery = pageQuery.extend({
  sortBy: z.enum(PRICE_REPORT_SORT_FIELDS).default('lastReportedAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  storeId: idField.optional(),
});

const resolution = z.object({
  priceId: id,
  /** Reports closed by this resolution. */
  resolvedReports: z.number().int(),
  hiddenReason: z.enum(OFFER_HIDDEN_REASONS).nullable(),
});

export default async function priceReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['price reports'];

  app.post('/prices/:id/reports', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Report a wrong price of a shown offer (anonymous allowed; rate-limited per client)',
      params: idParam,
      body: priceReportBodySchema,
      response: {
        201: z.object({ report: z.object({ id, priceId: id, reason: z.enum(PRICE_REPORT_REASONS) }) }),
        ...errorResponses(400, 404, 429),
      },
    },
    handler: async (request, reply) => {
      await consumeAllowance(app.db, `price-report:${request.ip}`, MAX_PRICE_REPORTS_PER_HOUR, 60);
      const offer = await findReportableOffer(app.db, request.params.id);
      if (!offer) throw notFound('Offer not found');
      const { reason, note } = request.body;
      const report = await insertReport(app.db, {
        priceId: offer.id,
        reason,
        note: note || null,
        userId: request.authUser?.id ?? null,
      });
      return reply.status(201).send({ report });
    },
  });

  const access = { access: 'stores' as const };

  app.get('/admin/price-reports', {
    config: access,
    schema: {
      tags,
      summary: "Open wrong-price reports of the caller's stores, grouped per offer (default: last reported first)",
      querystring: queueQuery,
      response: {
        200: z.object({ priceReports: z.array(priceReportGroupSchema), pagination: paginationSchema }),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request) => {
      const { rows, totalItems } = await listReportGroups(app.db, request.query, storeScope(request.authUser!));
      return { priceReports: rows, pagination: paginationOf(totalItems, request.query) };
    },
  });

  /** The offer of a queue row, checked against the caller's stores, with open reports. */
  const loadReportedOffer = async (request: FastifyRequest, priceId: number) => {
    const offer = await findOffer(app.db, priceId);
    if (!offer) throw notFound('Price not found');
    assertStoreAccess(request, offer.storeId);
    if ((await openReportCount(app.db, offer.id)) === 0) throw conflict('This offer has no open reports');
    return offer;
  };

  app.post('/admin/price-reports/:id/hide', {
    config: access,
    schema: {
      tags,
      summary: "Hide the reported offer until its feed's next import carries it, and close its open reports",
      params: idParam,
      response: { 200: resolution, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const offer = await loadReportedOffer(request, request.params.id);
      const resolvedReports = await hideReportedOffer(app.db, offer, request.authUser!.id);
      const hiddenReason = offer.hiddenReason ?? 'reported';
      recordChange(request, {
        entity: 'price',
        entityId: offer.id,
        action: 'hide-reported',
        before: { hiddenReason: offer.hiddenReason },
        after: { hiddenReason, resolvedReports },
      });
      return { priceId: offer.id, resolvedReports, hiddenReason };
    },
  });

  app.post('/admin/price-reports/:id/dismiss', {
    config: access,
    schema: {
      tags,
      summary: "Dismiss the offer's open reports; the offer stays as it is",
      params: idParam,
      response: { 200: resolution, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const offer = await loadReportedOffer(request, request.params.id);
      const resolvedReports = await dismissReports(app.db, offer.id, request.authUser!.id);
      recordChange(request, {
        entity: 'price',
        entityId: offer.id,
        action: 'dismiss-reports',
        after: { resolvedReports },
      });
      return { priceId: offer.id, resolvedReports, hiddenReason: offer.hiddenReason };
    },
  });
}
