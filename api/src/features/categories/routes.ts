/**
 * Storefront category calls (docs/product.md §7 Categories): trees for the menu and the admin,
 * a category by id or slug, the category page with its products, filter options,
 * popular products of subcategories, the homepage selection, settings, and the
 * merchandiser's product membership and manual order.
 */
import {
  OVERIG_SLUG,
  categorySchema,
  categorySettingsSchema,
  filtersResponseSchema,
  paginationSchema,
  productSchema,
  specificationFacetsResponseSchema,
} from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../http/errors';
import { jsonQueryParameter } from '../../http/json-input';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses } from '../../http/route-schemas';
import { brandOptions, storeOptions } from '../products/facets';
import { checkPriceRange } from '../products/list-options';
import { listProducts, whereClause } from '../products/product-list';
import { categoryPageQuerySchema, productFilterQuerySchema, queryBoolean } from '../products/query-params';
import { listFacets } from '../products/spec-facets';
import { readSpecConditions } from '../specifications/filters';
import { correctedSearch } from '../products/search-corrections';
import { memoByCatalogVersion, readCatalogVersion } from '../../http/catalog-version';
import { idField, MAX_ID } from '../../http/route-schemas';
import { countsOf } from './counts';
import { childCategories, descendantIds, findCategory } from '../../catalogue/category-lookup';
import {
  addProducts,
  adminCategoryList,
  categoryDetail,
  categoryPageHead,
  homepageCategoryRows,
  missingProductIds,
  removeProducts,
  saveProductOrder,
  saveSettings,
  siteConfigurationExists,
  withCardData,
} from './repository';
import { hasSavedSettings, settingsOfOne } from './settings';
import { allCategories, categoryTree } from './tree';
import { recordChange } from '../audit/trail';
import { aliasesOfCategory } from './admin';
import categoryAdminRoutes from './admin-routes';

const errors = errorResponses(400, 404);
const categoriesResponse = z.object({ categories: z.array(categorySchema), pagination: paginationSchema.optional() });
const productsResponse = z.object({ products: z.array(productSchema) });
const slugOrId = z.string().trim().min(1).max(200);

const listQuerySchema = z.object({
  includeHierarchy: queryBoolean.optional(),
  excludeOverig: queryBoolean.optional(),
  excludeCounts: queryBoolean.optional(),
  navigation: queryBoolean.optional(),
  simple: queryBoolean.optional(),
  parentId: idField.optional(),
  page: pageQuery.shape.page,
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  /** name, createdAt or updatedAt, optionally ":asc"/":desc"; default createdAt:desc (docs/product.md §9). */
  sort: z
    .string()
    .regex(/^(name|createdAt|updatedAt)(:(asc|desc))?$/)
    .optional(),
  filters: jsonQueryParameter(
    z.strictObject({ search: z.string().max(200).optional(), name: z.string().max(200).optional() }),
    2000,
  ).optional(),
});

const settingsBodySchema = categorySettingsSchema.omit({ representativeProduct: true }).partial();
const settingsResponse = z.object({ category: z.object({ id: z.number().int(), settings: categorySettingsSchema, saved: z.boolean() }) });

const productIdsBody = z.object({ productIds: z.array(z.number().int().positive().max(MAX_ID)).min(1).max(1000) });

export default async function categoryRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  await app.register(categoryAdminRoutes);

  app.get('/categories', {
    config: { access: 'public' },
    schema: {
      tags: ['categories'],
      summary:
        'Categories: tree (includeHierarchy), menu (navigation), flat list (simple), children (parentId) or the paged admin list',
      querystring: listQuerySchema,
      response: { 200: categoriesResponse, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      if (q.navigation) return { categories: await categoryTree(db, { excludeOverig: true, withSettings: true }) };
      if (q.includeHierarchy)
        return { categories: await categoryTree(db, { excludeOverig: q.excludeOverig, withCounts: !q.excludeCounts }) };
      if (q.simple) {
        const rows = await allCategories(db);
        return { categories: rows.filter((row) => !(q.excludeOverig && row.slug === OVERIG_SLUG)).slice(0, q.limit) };
      }
      if (q.parentId !== undefined) {
        const children = await childCategories(db, [q.parentId]);
        const counts = q.excludeCounts
          ? undefined
          : await countsOf(
              db,
              children.map((child) => child.id),
            );
        return { categories: children.map((child) => ({ ...child, _count: counts?.get(child.id) })) };
      }
      const { rows, totalItems } = await adminCategoryList(db, q);
      const counts = await countsOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        categories: rows.map((row) => ({ ...row, _count: counts.get(row.id) })),
        pagination: paginationOf(totalItems, q),
      };
    },
  });

  app.get('/categories/homepage', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['categories'],
      summary: "The homepage's category cards: those flagged for this site configuration, else the top-level ones",
      querystring: z.object({ siteConfigurationId: idField.optional() }),
      response: { 200: categoriesResponse, ...errors },
    },
    handler: async (request) => {
      return { categories: await withCardData(db, await homepageCategoryRows(db, request.query.siteConfigurationId)) };
    },
  });

  app.get('/categories/id/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['categories'],
      summary: 'A category with breadcrumb, settings, children, counts and the aliases mapped onto it',
      params: z.object({ id: idField }),
      response: { 200: categorySchema, ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.id);
      const [detail, aliases] = await Promise.all([categoryDetail(db, category), aliasesOfCategory(db, category.id)]);
      return { ...detail, aliases };
    },
  });

  app.get('/categories/slug/:slug', {
    config: { access: 'public' },
    schema: {
      tags: ['categories'],
      summary: 'A category by slug with breadcrumb, settings, children and counts',
      params: z.object({ slug: z.string().min(1).max(200) }),
      response: { 200: categorySchema, ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      if (category.slug !== request.params.slug) throw notFound('Category not found');
      return categoryDetail(db, category);
    },
  });

  app.get('/categories/page/:slug', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['categories'],
      summary:
        "The category page: its products (sorted by the category's defaults unless asked), breadcrumb and subcategories",
      params: z.object({ slug: z.string().min(1).max(200) }),
      querystring: categoryPageQuerySchema,
      response: {
        200: z.object({
          products: z.array(productSchema),
          pagination: paginationSchema,
          category: z.object({
            id: z.number().int(),
            name: z.string(),
            slug: z.string(),
            image: z.string().nullable(),
            settings: categorySettingsSchema,
          }),
          breadcrumb: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
          subcategories: z.array(categorySchema),
          /** The specification filters applied, in their written form: those naming no field of the category are left out. */
          spec: z.string(),
        }),
        ...errors,
      },
    },
    handler: async (request) => {
      const q = request.query;
      const { slug } = request.params;
      // Every page, sort and filter of a category shares its head: loaded once per catalogue version.
      const version = request.catalogVersion ?? (await readCatalogVersion(db));
      const { category, settings, breadcrumb, subcategories } = await memoByCatalogVersion(
        db,
        `category-page:${slug}`,
        version,
        async () => {
          const found = await findCategory(db, slug);
          if (found.slug !== slug) throw notFound('Category not found');
          const head = await categoryPageHead(db, found.id);
          return {
            category: found,
            settings: head.settings,
            breadcrumb: head.breadcrumb,
            subcategories: await withCardData(db, head.children),
          };
        },
      );
      checkPriceRange(q);
      const { spec: specText, ...filters } = q;
      const categoryIds = filters.includeSubcategories
        ? await memoByCatalogVersion(db, `category-tree:${category.id}`, version, () => descendantIds(db, category.id))
        : [category.id];
      const applied = await readSpecConditions(db, specText, categoryIds, version);
      const list = await listProducts(db, {
        page: q.page,
        limit: q.limit,
        sortBy: q.sortBy ?? settings.defaultSortBy,
        sortOrder: q.sortOrder ?? settings.defaultSortOrder,
        manualCategoryId: category.id,
        categoryIds,
        search: await correctedSearch(db, q.search || undefined),
        brand: q.brand || undefined,
        storeId: q.storeId,
        minPrice: q.minPrice,
        maxPrice: q.maxPrice,
        spec: applied.conditions,
      }, version);
      return {
        ...list,
        spec: applied.spec,
        category: { id: category.id, name: category.name, slug: category.slug, image: category.image, settings },
        breadcrumb,
        subcategories,
      };
    },
  });

  app.get('/categories/:slug/filters', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['categories'],
      summary: "Brands and stores of a category's products (slug or id)",
      params: z.object({ slug: slugOrId }),
      querystring: z.object({ includeSubcategories: queryBoolean.optional() }),
      response: { 200: filtersResponseSchema, ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const categoryIds = request.query.includeSubcategories ? await descendantIds(db, category.id) : [category.id];
      const where = whereClause({ categoryIds });
      const [brands, stores] = await Promise.all([brandOptions(db, where), storeOptions(db, where)]);
      return { brands, stores };
    },
  });

  app.get('/categories/:slug/specification-facets', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['categories'],
      summary: "A category's specification filters with counts that follow the other active filters (slug or id)",
      params: z.object({ slug: slugOrId }),
      querystring: productFilterQuerySchema.extend({ includeSubcategories: queryBoolean.optional() }),
      response: { 200: specificationFacetsResponseSchema, ...errors },
    },
    handler: async (request) => {
      const { includeSubcategories, ...filters } = request.query;
      const category = await findCategory(db, request.params.slug);
      const categoryIds = includeSubcategories ? await descendantIds(db, category.id) : [category.id];
      checkPriceRange(filters);
      const search = await correctedSearch(db, filters.search || undefined);
      const version = request.catalogVersion ?? (await readCatalogVersion(db));
      return {
        category: { id: category.id, name: category.name, slug: category.slug },
        ...(await listFacets(db, category.id, { ...filters, search, categoryIds }, version)),
      };
    },
  });

  app.get('/categories/:slug/popular-subcategory-products', {
    config: { access: 'public', cache: true },
    schema: {
      tags: ['categories'],
      summary: 'Most viewed products of the categories below this one (id or slug)',
      params: z.object({ slug: slugOrId }),
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) }),
      response: { 200: productsResponse, ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const below = (await descendantIds(db, category.id)).filter((id) => id !== category.id);
      if (!below.length) return { products: [] };
      const { products: rows } = await listProducts(db, {
        page: 1,
        limit: request.query.limit,
        sortBy: 'views',
        sortOrder: 'desc',
        categoryIds: below,
      });
      return { products: rows };
    },
  });

  app.get('/categories/:slug/settings', {
    config: { access: 'public' },
    schema: {
      tags: ['categories'],
      summary: "A category's settings with defaults filled in (id or slug); saved is false while they are the defaults",
      params: z.object({ slug: slugOrId }),
      response: {
        200: settingsResponse,
        ...errors,
      },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      return { category: { id: category.id, settings: await settingsOfOne(db, category.id), saved: await hasSavedSettings(db, category.id) } };
    },
  });

  app.put('/categories/:slug/settings', {
    config: { access: 'catalog' },
    schema: {
      tags: ['categories'],
      summary: "Saves a category's settings (fields left out keep their value)",
      security: [{ bearer: [] }],
      params: z.object({ slug: slugOrId }),
      body: settingsBodySchema,
      response: {
        200: settingsResponse,
        ...errors,
      },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const { representativeProductId, showOnHomePage } = request.body;
      if (representativeProductId && (await missingProductIds(db, [representativeProductId])).length) {
        throw badRequest('Invalid representativeProductId', 'representativeProductId: unknown product');
      }
      if (showOnHomePage && !(await siteConfigurationExists(db, showOnHomePage))) {
        throw badRequest('Invalid showOnHomePage', 'showOnHomePage: unknown site configuration');
      }
      const before = await settingsOfOne(db, category.id);
      await saveSettings(db, category.id, request.body);
      recordChange(request, {
        entity: 'category-settings',
        entityId: category.id,
        action: 'update',
        before: Object.fromEntries(Object.keys(request.body).map((key) => [key, before[key as keyof typeof before]])),
        after: request.body,
      });
      return { category: { id: category.id, settings: await settingsOfOne(db, category.id), saved: true } };
    },
  });

  app.post('/categories/:slug/products', {
    config: { access: 'catalog' },
    schema: {
      tags: ['categories'],
      summary: 'Adds products to a category (at the end of its manual order)',
      security: [{ bearer: [] }],
      params: z.object({ slug: slugOrId }),
      body: productIdsBody,
      response: { 200: z.object({ addedCount: z.number().int() }), ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const ids = [...new Set(request.body.productIds)];
      if ((await missingProductIds(db, ids)).length)
        throw badRequest('Invalid productIds', 'productIds: unknown product');
      const addedCount = await addProducts(db, category.id, ids);
      recordChange(request, {
        entity: 'category',
        entityId: category.id,
        action: 'add-products',
        after: { productIds: ids, addedCount },
      });
      return { addedCount };
    },
  });

  app.delete('/categories/:slug/products', {
    config: { access: 'catalog' },
    schema: {
      tags: ['categories'],
      summary: 'Removes products from a category (the products stay)',
      security: [{ bearer: [] }],
      params: z.object({ slug: slugOrId }),
      body: productIdsBody,
      response: { 200: z.object({ removedCount: z.number().int() }), ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const removedCount = await removeProducts(db, category.id, request.body.productIds);
      recordChange(request, {
        entity: 'category',
        entityId: category.id,
        action: 'remove-products',
        after: { productIds: request.body.productIds, removedCount },
      });
      return { removedCount };
    },
  });

  app.put('/categories/:slug/products/sort-order', {
    config: { access: 'catalog' },
    schema: {
      tags: ['categories'],
      summary: "Saves the manual order of a category's products",
      security: [{ bearer: [] }],
      params: z.object({ slug: slugOrId }),
      body: z.object({
        productOrders: z
          .array(
            z.object({
              productId: z.number().int().positive().max(MAX_ID),
              sortOrder: z.number().int().min(0).max(1_000_000),
            }),
          )
          .min(1)
          .max(5000),
      }),
      response: { 200: z.object({ updatedCount: z.number().int() }), ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const updatedCount = await saveProductOrder(db, category.id, request.body.productOrders);
      recordChange(request, {
        entity: 'category',
        entityId: category.id,
        action: 'sort-products',
        after: { productOrders: request.body.productOrders },
      });
      return { updatedCount };
    },
  });
}
