/**
 * Storefront product calls (docs/product.md §7 Products): the list with its filters and sorts, the
 * product page by id or slug, filter options, and the admin's product edit.
 */
import { paginationSchema, productSchema, searchFiltersResponseSchema, specificationFacetsResponseSchema } from '@koopjesland/shared/entities';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { errorResponses } from '../../http/route-schemas';
import { allBrands, brandOptions, searchFacets } from './facets';
import { correctedSearch } from './search-corrections';
import { categoryFilter, checkPriceRange, toListOptions } from './list-options';
import { mergedInto, productDetail, viewProduct, wishlistStateOf } from './product-detail';
import { listProducts, whereClause } from './product-list';
import { idField, MAX_ID } from '../../http/route-schemas';
import { productFilterQuerySchema, productListQuerySchema, queryBoolean } from './query-params';
import { updateProduct } from './repository';
import { leadingCategoryOf, listFacets } from './spec-facets';
import { readSpecConditions } from '../specifications/filters';
import { flushViews } from './view-counter';
import { recordChange } from '../audit/trail';
import { NAME_REQUIRED, SLUG_REQUIRED } from './admin';
import productAdminRoutes from './admin-routes';
import { HttpError } from '../../http/errors';

const errors = errorResponses(400, 404);
const listResponse = z.object({ products: z.array(productSchema), pagination: paginationSchema });
const brandsResponse = z.object({ brands: z.array(z.string()) });
/** A merged-away product (docs/product.md "Catalog admin API"): 301 to the kept one. */
const movedResponse = z.object({ error: z.string(), redirectTo: z.object({ id: z.number().int(), slug: z.string() }) });

/** Every field optional: the storefront's assign-categories modal sends only categoryIds. */
const productUpdateSchema = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED).max(500).optional(),
  slug: z
    .string()
    .trim()
    .min(1, SLUG_REQUIRED)
    .max(500)
    .regex(/^([a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'Use lowercase letters, digits and hyphens')
    .optional(),
  brand: z.string().trim().max(200).nullable().optional(),
  image: z.string().trim().max(2048).nullable().optional(),
  description: z.string().max(100_000).nullable().optional(),
  categoryIds: z.array(z.number().int().positive().max(MAX_ID)).max(200).optional(),
  properties: z
    .array(z.object({ name: z.string().trim().min(1).max(200), value: z.string().trim().min(1).max(2000) }))
    .max(500)
    .optional(),
});

export default async function productRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', () => flushViews(app.db));
  await app.register(productAdminRoutes);

  app.get('/products', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['products'],
      summary: 'List products with filters, sorting and pagination (also used by search)',
      querystring: productListQuerySchema,
      response: { 200: listResponse, ...errors },
    },
    handler: async (request) => listProducts(app.db, await toListOptions(app.db, request.query), request.catalogVersion),
  });

  app.get('/products/brands', {
    config: { access: 'public', cache: true },
    schema: { tags: ['products'], summary: 'All brands (up to 1000)', response: { 200: brandsResponse } },
    handler: async () => ({ brands: await allBrands(app.db) }),
  });

  app.get('/products/filtered-brands', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['products'],
      summary: 'Brands of the products matching the filters',
      querystring: productFilterQuerySchema.omit({ brand: true }).extend({
        category: z.string().trim().max(200).optional(),
        categoryAlias: idField.optional(),
        includeSubcategories: queryBoolean.optional(),
      }),
      response: { 200: brandsResponse, ...errors },
    },
    handler: async (request) => {
      const { category, categoryAlias, includeSubcategories, spec: specText, ...filters } = request.query;
      const categoryIds = category ? (await categoryFilter(app.db, category, includeSubcategories ?? false)).categoryIds : undefined;
      checkPriceRange(filters);
      const spec = (await readSpecConditions(app.db, specText, categoryIds)).conditions;
      return { brands: await brandOptions(app.db, whereClause({ ...filters, categoryIds, categoryAliasId: categoryAlias, spec })) };
    },
  });

  app.get('/products/search-filters', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['products'],
      summary: 'Brands, stores and categories of the products matching a search',
      querystring: z.object({ search: z.string().trim().max(200).optional() }),
      response: { 200: searchFiltersResponseSchema, ...errors },
    },
    handler: async (request) => {
      return searchFacets(app.db, await correctedSearch(app.db, request.query.search || undefined));
    },
  });

  app.get('/products/specification-facets', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['products'],
      summary:
        "Specification filters with counts of a search (or any product list): the given category's fields, else those of the category most matches are in",
      querystring: productFilterQuerySchema.extend({
        category: z.string().trim().max(200).optional(),
        includeSubcategories: queryBoolean.optional(),
      }),
      response: { 200: specificationFacetsResponseSchema, ...errors },
    },
    handler: async (request) => {
      const { category: ref, includeSubcategories, ...query } = request.query;
      checkPriceRange(query);
      const filters = { ...query, search: await correctedSearch(app.db, query.search || undefined) };
      const resolved = ref ? await categoryFilter(app.db, ref, includeSubcategories ?? false) : undefined;
      const category = resolved?.category ?? (await leadingCategoryOf(app.db, filters));
      if (!category) return { category: null, facets: [], spec: (await readSpecConditions(app.db, filters.spec)).spec };
      const counted = await listFacets(app.db, category.id, { ...filters, categoryIds: resolved?.categoryIds ?? [category.id] }, request.catalogVersion);
      return { category: { id: category.id, name: category.name, slug: category.slug }, ...counted };
    },
  });

  app.get('/products/slug/:slug', {
    config: { access: 'public' },
    schema: {
      tags: ['products'],
      summary: 'Product page by slug (counts a view)',
      params: z.object({ slug: z.string().min(1).max(500) }),
      response: { 200: productSchema, 301: movedResponse, ...errors },
    },
    handler: async (request, reply) => {
      const product = await viewProduct(app.db, { slug: request.params.slug }).catch(async (error: unknown) => {
        const kept = isNotFound(error) ? await mergedInto(app.db, { slug: request.params.slug }) : null;
        if (!kept) throw error;
        return movedTo(reply, `/api/products/slug/${encodeURIComponent(kept.slug)}`, kept);
      });
      if (!product) return reply;
      return request.authUser ? { ...product, ...(await wishlistStateOf(app.db, request.authUser.id, product.id)) } : product;
    },
  });

  app.get('/products/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['products'],
      summary: 'Product page by id (counts a view)',
      params: z.object({ id: idField }),
      response: { 200: productSchema, 301: movedResponse, ...errors },
    },
    handler: async (request, reply) => {
      const product = await viewProduct(app.db, { id: request.params.id }).catch(async (error: unknown) => {
        const kept = isNotFound(error) ? await mergedInto(app.db, { id: request.params.id }) : null;
        if (!kept) throw error;
        return movedTo(reply, `/api/products/${kept.id}`, kept);
      });
      if (!product) return reply;
      return request.authUser ? { ...product, ...(await wishlistStateOf(app.db, request.authUser.id, product.id)) } : product;
    },
  });

  app.put('/products/:id', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: 'Edit a product: fields, categories and properties (fields left out keep their value)',
      security: [{ bearer: [] }],
      params: z.object({ id: idField }),
      body: productUpdateSchema,
      response: { 200: productSchema, ...errors },
    },
    handler: async (request) => {
      const { id } = request.params;
      const { categoryIds, properties, ...fields } = request.body;
      const before = await productDetail(app.db, id);
      if (!(await updateProduct(app.db, id, { fields, categoryIds, properties }))) throw notFound('Product not found');
      const after = await productDetail(app.db, id);
      const shape = (product: typeof before) => ({
        ...product,
        categoryIds: product.categoryIds,
        properties: product.properties.map(({ name, value }) => ({ name, value })),
      });
      const changed = Object.keys(request.body) as (keyof typeof request.body)[];
      recordChange(request, {
        entity: 'product',
        entityId: id,
        action: 'update',
        before: Object.fromEntries(changed.map((key) => [key, shape(before)[key]])),
        after: Object.fromEntries(changed.map((key) => [key, shape(after)[key]])),
      });
      return after;
    },
  });
}


const isNotFound = (error: unknown) => error instanceof HttpError && error.statusCode === 404;

/**
 * Answers 301 for a merged-away product. Not cached (a split must be able to undo it); fetch
 * follows it by itself, so the storefront sees the kept product and replaces its address.
 */
async function movedTo(reply: FastifyReply, location: string, kept: { id: number; slug: string }): Promise<null> {
  await reply
    .code(301)
    .header('location', location)
    .header('cache-control', 'no-store')
    .send({ error: 'Product merged', redirectTo: kept });
  return null;
}
