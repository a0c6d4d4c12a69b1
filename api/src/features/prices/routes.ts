/**
 * Offers for the store admin (docs/product.md §7 Prices; docs/product.md "Store admin API"):
 * the filtered list, one offer with its price history, and writes by hand. Area 'stores';
 * every offer is checked against the caller's stores.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPriceSchema,
  paginationSchema,
  PRICE_SORT_FIELDS,
  PRICE_STATUSES,
  priceHistoryEntrySchema,
} from '@koopjesland/shared/entities';
import { assertStoreAccess, storeScope } from '../auth/access';
import { recordChange } from '../audit/trail';
import { isUniqueViolation } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idField, idParam } from '../../http/route-schemas';
import { storeExists } from '../stores/repository';
import { runPriceAlerts } from '../price-alerts/alerts';
import {
  deletePrice,
  findPrice,
  historyOfPrice,
  insertPrice,
  listPrices,
  productExists,
  updatePrice,
  type AdminPriceRow,
  type OfferChanges,
} from './repository';

const centsField = (field: string) =>
  z
    .number({ message: `${field} must be a whole number of cents, 0 or more` })
    .int(`${field} must be a whole number of cents, 0 or more`)
    .min(0, `${field} must be a whole number of cents, 0 or more`)
    .max(100_000_000, `${field} is too large`);
const queryCents = z.coerce.number().int().min(0).max(100_000_000);

const listQuery = pageQuery.extend({
  sortBy: z.enum(PRICE_SORT_FIELDS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(PRICE_STATUSES).optional(),
  /** The specification's form (§7): true = current offers, false = every offer. */
  active: z.enum(['true', 'false']).optional(),
  search: z.string().trim().max(200).optional(),
  productId: idField.optional(),
  storeId: idField.optional(),
  minPrice: queryCents.optional(),
  maxPrice: queryCents.optional(),
});

const offerUrl = z
  .string({ message: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .pipe(z.url({ protocol: /^https?$/, message: 'Please enter a valid URL' }));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null)
    .nullish();
/**
 * Offers count while `validTo` is empty (every list and summary reads `valid_to is null`), so a
 * date ends the offer at once: one in the future would be misleading.
 */
const validTo = z.iso
  .datetime({ offset: true, message: 'Valid to must be a date and time' })
  .refine((value) => Date.parse(value) <= Date.now(), 'Valid to cannot be in the future')
  .nullish();

const createBody = z.object({
  productId: idField,
  storeId: idField,
  amount: centsField('Amount'),
  shipping: centsField('Shipping').default(0),
  url: offerUrl,
  deliveryTime: optionalText(200),
  description: optionalText(2000),
  validTo,
});

const updateBody = z.object({
  amount: centsField('Amount').optional(),
  shipping: centsField('Shipping').optional(),
  url: offerUrl.optional(),
  deliveryTime: optionalText(200),
  validTo,
});

const AUDITED_FIELDS = ['amount', 'shipping', 'total', 'url', 'deliveryTime', 'validTo'] as const;
const auditFields = (price: AdminPriceRow, keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, price[key as keyof AdminPriceRow]]));

export default async function priceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['prices'];
  const access = { access: 'stores' as const };

  const loadPrice = async (request: FastifyRequest, id: number) => {
    const price = await findPrice(app.db, id);
    if (!price) throw notFound('Price not found');
    assertStoreAccess(request, price.storeId);
    return price;
  };

  app.get('/prices', {
    config: access,
    schema: {
      tags,
      summary:
        "Offers of the caller's stores: filters, sort (default newest first) and paging; current offers unless asked otherwise",
      querystring: listQuery,
      response: {
        200: z.object({ prices: z.array(adminPriceSchema), pagination: paginationSchema }),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request) => {
      const { active, status, ...query } = request.query;
      const resolved = status ?? (active === 'false' ? 'all' : 'active');
      const { rows, totalItems } = await listPrices(
        app.db,
        { ...query, status: resolved },
        storeScope(request.authUser!),
      );
      return { prices: rows, pagination: paginationOf(totalItems, request.query) };
    },
  });

  app.get('/prices/:id', {
    config: access,
    schema: {
      tags,
      summary: 'One offer',
      params: idParam,
      response: { 200: adminPriceSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => loadPrice(request, request.params.id),
  });

  app.get('/prices/:id/history', {
    config: access,
    schema: {
      tags,
      summary: "An offer's price history, oldest first",
      params: idParam,
      response: { 200: z.object({ history: z.array(priceHistoryEntrySchema) }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const price = await loadPrice(request, request.params.id);
      return { history: await historyOfPrice(app.db, price.id) };
    },
  });

  app.post('/prices', {
    config: access,
    schema: {
      tags,
      summary: 'Add an offer by hand for a product and store',
      body: createBody,
      response: { 201: adminPriceSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const { validTo: until, deliveryTime, description, ...values } = request.body;
      if (!(await productExists(app.db, values.productId)))
        throw badRequest('Invalid productId', 'productId: Product not found');
      if (!(await storeExists(app.db, values.storeId))) throw badRequest('Invalid storeId', 'storeId: Store not found');
      assertStoreAccess(request, values.storeId);
      const offer = {
        ...values,
        deliveryTime: deliveryTime ?? null,
        description: description ?? null,
        validTo: until ? new Date(until) : null,
      };
      const id = await insertPrice(app.db, offer).catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict('This store already has a price for this product') : error;
      });
      const price = (await findPrice(app.db, id))!;
      await runPriceAlerts(app, { productId: values.productId });
      recordChange(request, {
        entity: 'price',
        entityId: id,
        action: 'create',
        after: auditFields(price, ['productId', 'storeId', ...AUDITED_FIELDS]),
      });
      return reply.status(201).send(price);
    },
  });

  app.put('/prices/:id', {
    config: access,
    schema: {
      tags,
      summary:
        "Change an offer (amount, shipping, URL, delivery time, valid to) as an import would: history, the product's lowest price",
      params: idParam,
      body: updateBody,
      response: { 200: adminPriceSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const before = await loadPrice(request, request.params.id);
      const { validTo: until, ...rest } = request.body;
      const changes: OfferChanges = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
      if (until !== undefined) changes.validTo = until === null ? null : new Date(until);
      if (!(await updatePrice(app.db, before.id, changes))) throw notFound('Price not found');
      const after = (await findPrice(app.db, before.id))!;
      await runPriceAlerts(app, { productId: before.productId });
      const keys = [
        ...Object.keys(changes),
        ...(changes.amount !== undefined || changes.shipping !== undefined ? ['total'] : []),
      ];
      recordChange(request, {
        entity: 'price',
        entityId: before.id,
        action: 'update',
        before: auditFields(before, keys),
        after: auditFields(after, keys),
      });
      return after;
    },
  });

  app.delete('/prices/:id', {
    config: access,
    schema: {
      tags,
      summary: 'Delete an offer',
      params: idParam,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const before = await loadPrice(request, request.params.id);
      if (!(await deletePrice(app.db, before.id))) throw notFound('Price not found');
      // Fewer offers can only raise the lowest price: this re-arms alerts, it fires none.
      await runPriceAlerts(app, { productId: before.productId });
      recordChange(request, {
        entity: 'price',
        entityId: before.id,
        action: 'delete',
        before: auditFields(before, ['productId', 'storeId', ...AUDITED_FIELDS]),
      });
      return reply.status(204).send(null);
    },
  });
}
