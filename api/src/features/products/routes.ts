/**
 * Storefront product calls (spec §7 Products): the list with its filters and sorts, the
 * product page by id or slug, filter options, and the admin's product edit.
 */
import {
  errorResponseSchema,
  filtersResponseSchema,
  paginationSchema,
  productSchema,
  searchFiltersResponseSchema,
} from '@koopjesland/shared/entities';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { categories, productCategories, productProperties, products } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { descendantIds, findCategory } from '../categories/lookup';
import { brandOptions, categoryOptions, storeOptions } from './facets';
import { productDetail, viewProduct, wishlistStateOf } from './product-detail';
import { listProducts, searchResultIds, whereClause, type ProductFilters, type ProductListOptions } from './product-list';
import { idParam, productFilterQuerySchema, productListQuerySchema, queryBoolean, type ProductListQuery } from './query-params';
import { intArray, selectRows } from './sql';
import { flushViews } from './view-counter';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };
const listResponse = z.object({ products: z.array(productSchema), pagination: paginationSchema });
const brandsResponse = z.object({ brands: z.array(z.string()) });

/** Resolves a category reference (slug or id) to the ids a list should match. */
export async function categoryFilter(db: Database, ref: string, includeSubcategories: boolean) {
  const category = await findCategory(db, ref);
  return { category, categoryIds: includeSubcategories ? await descendantIds(db, category.id) : [category.id] };
}

/** GET /products query → list options. Top-level parameters win over the JSON `filters`. */
export async function toListOptions(db: Database, query: ProductListQuery): Promise<ProductListOptions> {
  const extra = query.filters ?? {};
  const search = query.search || extra.search || undefined;
  const categoryRef = query.category || extra.category;
  const resolved = categoryRef ? await categoryFilter(db, categoryRef, query.includeSubcategories ?? false) : undefined;
  const options: ProductListOptions = {
    page: query.page,
    limit: query.limit,
    sortBy: query.sortBy ?? (search ? 'relevance' : 'createdAt'),
    sortOrder: query.sortOrder ?? 'desc',
    search,
    categoryIds: resolved?.categoryIds,
    manualCategoryId: resolved?.category.id,
    categoryAliasId: query.categoryAlias,
    excludeUncategorized: query.excludeUncategorized,
    brand: query.brand || extra.brand || undefined,
    productIds: query.productIds ?? extra.productIds,
    storeId: query.storeId ?? extra.storeId,
    minPrice: query.minPrice ?? extra.minPrice,
    maxPrice: query.maxPrice ?? extra.maxPrice,
  };
  checkPriceRange(options);
  return options;
}

export function checkPriceRange(filters: ProductFilters): void {
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.minPrice > filters.maxPrice)
    throw badRequest('Invalid minPrice', 'minPrice: must not exceed maxPrice');
}

const productUpdateSchema = z.object({
  name: z.string().trim().min(1).max(500),
  slug: z.string().trim().min(1).max(500).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  brand: z.string().trim().max(200).nullable().optional(),
  image: z.string().trim().max(2048).nullable().optional(),
  description: z.string().max(100_000).nullable().optional(),
  categoryIds: z.array(z.number().int().positive()).max(200).optional(),
  properties: z
    .array(z.object({ name: z.string().trim().min(1).max(200), value: z.string().trim().min(1).max(2000) }))
    .max(500)
    .optional(),
});

export default async function productRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', () => flushViews(app.db));

  app.get('/products', {
    config: { access: 'public' },
    schema: {
      tags: ['products'],
      summary: 'List products with filters, sorting and pagination (also used by search)',
      querystring: productListQuerySchema,
      response: { 200: listResponse, ...errors },
    },
    handler: async (request) => listProducts(app.db, await toListOptions(app.db, request.query)),
  });

  app.get('/products/brands', {
    config: { access: 'public' },
    schema: { tags: ['products'], summary: 'All brands (up to 1000)', response: { 200: brandsResponse } },
    handler: async () => ({ brands: await brandOptions(app.db, sql`p.brand is not null`) }),
  });

  app.get('/products/filtered-brands', {
    config: { access: 'public' },
    schema: {
      tags: ['products'],
      summary: 'Brands of the products matching the filters',
      querystring: productFilterQuerySchema.omit({ brand: true }).extend({
        category: z.string().trim().max(200).optional(),
        categoryAlias: idParam.optional(),
        includeSubcategories: queryBoolean.optional(),
      }),
      response: { 200: brandsResponse, ...errors },
    },
    handler: async (request) => {
      const { category, categoryAlias, includeSubcategories, ...filters } = request.query;
      const categoryIds = category ? (await categoryFilter(app.db, category, includeSubcategories ?? false)).categoryIds : undefined;
      checkPriceRange(filters);
      return { brands: await brandOptions(app.db, whereClause({ ...filters, categoryIds, categoryAliasId: categoryAlias })) };
    },
  });

  app.get('/products/search-filters', {
    config: { access: 'public' },
    schema: {
      tags: ['products'],
      summary: 'Brands, stores and categories of the products matching a search',
      querystring: z.object({ search: z.string().trim().max(200).optional() }),
      response: { 200: searchFiltersResponseSchema, ...errors },
    },
    handler: async (request) => {
      // A search's matches come from the search cache its result list already filled.
      const search = request.query.search || undefined;
      const where = search
        ? sql`p.id = any(${intArray(await searchResultIds(app.db, { search, sortBy: 'relevance', sortOrder: 'desc' }))})`
        : whereClause({});
      const [brands, stores, categoryList] = await Promise.all([
        brandOptions(app.db, where),
        storeOptions(app.db, where),
        categoryOptions(app.db, where),
      ]);
      return { brands, stores, categories: categoryList };
    },
  });

  app.get('/products/slug/:slug', {
    config: { access: 'public' },
    schema: {
      tags: ['products'],
      summary: 'Product page by slug (counts a view)',
      params: z.object({ slug: z.string().min(1).max(500) }),
      response: { 200: productSchema, ...errors },
    },
    handler: async (request) => {
      const product = await viewProduct(app.db, { slug: request.params.slug });
      return request.authUser ? { ...product, ...(await wishlistStateOf(app.db, request.authUser.id, product.id)) } : product;
    },
  });

  app.get('/products/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['products'],
      summary: 'Product page by id (counts a view)',
      params: z.object({ id: idParam }),
      response: { 200: productSchema, ...errors },
    },
    handler: async (request) => {
      const product = await viewProduct(app.db, { id: request.params.id });
      return request.authUser ? { ...product, ...(await wishlistStateOf(app.db, request.authUser.id, product.id)) } : product;
    },
  });

  app.put('/products/:id', {
    config: { access: 'catalog' },
    schema: {
      tags: ['products'],
      summary: 'Edit a product: fields, categories and properties',
      security: [{ bearer: [] }],
      params: z.object({ id: idParam }),
      body: productUpdateSchema,
      response: { 200: productSchema, ...errors },
    },
    handler: async (request) => {
      const { id } = request.params;
      const { categoryIds, properties, ...fields } = request.body;
      await app.db.transaction(async (tx) => {
        const updated = await tx.update(products).set(fields).where(eq(products.id, id)).returning({ id: products.id });
        if (!updated.length) throw notFound('Product not found');
        if (categoryIds) await replaceCategories(tx as unknown as Database, id, categoryIds);
        if (properties) {
          await tx.delete(productProperties).where(eq(productProperties.productId, id));
          if (properties.length) await tx.insert(productProperties).values(properties.map((p) => ({ ...p, productId: id })));
        }
      });
      return productDetail(app.db, id);
    },
  });
}

/** Sets a product's categories, keeping the manual sort order of the ones it keeps. */
async function replaceCategories(db: Database, productId: number, categoryIds: number[]) {
  const wanted = [...new Set(categoryIds)];
  if (wanted.length) {
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted));
    if (found.length !== wanted.length) throw badRequest('Invalid categoryIds', 'categoryIds: unknown category');
  }
  const current = await selectRows<{ categoryId: number }>(
    db,
    sql`select category_id as "categoryId" from product_categories where product_id = ${productId}`,
  );
  const removed = current.map((row) => row.categoryId).filter((cid) => !wanted.includes(cid));
  if (removed.length)
    await db
      .delete(productCategories)
      .where(and(eq(productCategories.productId, productId), inArray(productCategories.categoryId, removed)));
  const added = wanted.filter((cid) => !current.some((row) => row.categoryId === cid));
  if (added.length)
    await db.insert(productCategories).values(added.map((categoryId) => ({ productId, categoryId, sortOrder: 0 })));
}
