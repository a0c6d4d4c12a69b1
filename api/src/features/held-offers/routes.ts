/**
 * Held prices (docs/feeds.md "Implausible prices"): feed prices held as
 * implausible wait here for a person. Merchandisers (every store), store managers (their stores)
 * and admins list them and release each one: accept, reject or split into its own product.
 * Every release is recorded in the audit trail.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HELD_OFFER_SORT_FIELDS, heldOfferListSchema, heldOfferReleaseSchema } from '@koopjesland/shared/entities';
import { assertStoreAccess, storeScope, type AdminArea, type AuthUser } from '../auth/access';
import { recordChange } from '../audit/trail';
import { conflict, notFound } from '../../http/errors';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idField, idParam } from '../../http/route-schemas';
import {
  acceptHeldOffer,
  findHeldOffer,
  listHeldOffers,
  offerStoreOf,
  rejectHeldOffer,
  splitHeldOffer,
} from './repository';

const listQuery = pageQuery.extend({
  sortBy: z.enum(HELD_OFFER_SORT_FIELDS).default('heldSince'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  storeId: idField.optional(),
  search: z.string().trim().max(200).optional(),
});

/** Merchandisers release held prices of every store; store managers those of their stores. */
export const heldOfferScopeOf = (user: AuthUser): number[] | null => (user.role === 'merchandiser' ? null : storeScope(user));

export const NOT_HELD = 'This price is not held (already released, or changed by a later import)';

export default async function heldOfferRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['held prices'];
  const access = { access: ['catalog', 'stores'] as readonly AdminArea[] };

  /** 404 for an unknown offer, 403 outside the caller's stores, 409 when it is not held. */
  const loadHeld = async (request: FastifyRequest, id: number) => {
    const storeId = await offerStoreOf(app.db, id);
    if (storeId === null) throw notFound('Price not found');
    if (request.authUser!.role !== 'merchandiser') assertStoreAccess(request, storeId);
    const held = await findHeldOffer(app.db, id);
    if (!held) throw conflict(NOT_HELD);
    return held;
  };

  app.get('/held-prices', {
    config: access,
    schema: {
      tags,
      summary:
        "Feed prices held as implausible (not shown), newest first, with the median of the product's other offers; a store manager sees their stores' only",
      querystring: listQuery,
      response: { 200: heldOfferListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const { heldOffers, total } = await listHeldOffers(app.db, request.query, heldOfferScopeOf(request.authUser!));
      return { heldOffers, pagination: paginationOf(total, request.query) };
    },
  });

  const responses = { 200: heldOfferReleaseSchema, ...errorResponses(400, 401, 403, 404, 409) };

  app.post('/held-prices/:id/accept', {
    config: access,
    schema: {
      tags,
      summary: 'Accept a held price: the offer is shown (and may be the lowest); the same total is never held again',
      params: idParam,
      response: responses,
    },
    handler: async (request) => {
      const held = await loadHeld(request, request.params.id);
      if (!(await acceptHeldOffer(app.db, held.id))) throw conflict(NOT_HELD);
      recordChange(request, {
        entity: 'price',
        entityId: held.id,
        action: 'accept-held',
        before: { hiddenReason: 'implausible', total: held.total },
        after: { hiddenReason: null, total: held.total },
      });
      return { priceId: held.id, decision: 'accept' as const, productId: held.productId };
    },
  });

  app.post('/held-prices/:id/reject', {
    config: access,
    schema: {
      tags,
      summary: 'Reject a held price: the offer is removed (expired); its feed repeating the same total leaves it removed',
      params: idParam,
      response: responses,
    },
    handler: async (request) => {
      const held = await loadHeld(request, request.params.id);
      const rejected = await rejectHeldOffer(app.db, held.id);
      if (!rejected) throw conflict(NOT_HELD);
      recordChange(request, {
        entity: 'price',
        entityId: held.id,
        action: 'reject-held',
        before: { hiddenReason: 'implausible', total: held.total, validTo: null },
        after: { rejectedTotal: held.total, validTo: 'expired' },
      });
      return { priceId: held.id, decision: 'reject' as const, productId: held.productId };
    },
  });

  app.post('/held-prices/:id/split', {
    config: access,
    schema: {
      tags,
      summary:
        "Split a held price into its own product: a new product from the record's name, brand, description, images and category; the offer moves there and is shown",
      params: idParam,
      response: responses,
    },
    handler: async (request) => {
      const held = await loadHeld(request, request.params.id);
      // Later runs find the split offer by the store's product id; without one the record would
      // match the first product by its GTIN again.
      if (!held.externalId) {
        throw conflict(
          'This price cannot be split',
          "The record has no store product id, so later imports could not keep it apart; reject it instead",
        );
      }
      const split = await splitHeldOffer(app.db, held.id);
      if (!split) throw conflict(NOT_HELD);
      recordChange(request, {
        entity: 'product',
        entityId: split.productId,
        action: 'create',
        after: { name: held.heldRecord?.name ?? null, splitFromPriceId: held.id },
      });
      recordChange(request, {
        entity: 'price',
        entityId: held.id,
        action: 'split-held',
        before: { hiddenReason: 'implausible', productId: held.productId },
        after: { hiddenReason: null, productId: split.productId },
      });
      return { priceId: held.id, decision: 'split' as const, productId: split.productId };
    },
  });
}
