/**
 * Storefront category calls (spec §7 Categories): trees for the menu and the admin,
 * a category by id or slug, the category page with its products, filter options,
 * popular products of subcategories, the homepage selection, settings, and the
 * merchandiser's product membership and manual order.
 */
import {
  categorySchema,
  categorySettingsSchema,
  errorResponseSchema,
  filtersResponseSchema,
  paginationSchema,
  productSchema,
} from '@koopjesland/shared/entities';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { categorySettings, productCategories, products } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { offsetOf, pageQuery, paginationOf } from '../../http/pagination';
import { brandOptions, storeOptions } from '../products/facets';
import { listProducts, whereClause } from '../products/product-list';
import { checkPriceRange } from '../products/list-options';
import { categoryPageQuerySchema, idParam, queryBoolean } from '../products/query-params';
import { intArray, selectRows } from '../../db/sql';
import { countsOf } from './counts';
import { ancestorsQuery, breadcrumbOf, childCategories, descendantIds, findCategory, OVERIG_SLUG, type CategoryNode, type CategoryRow } from './lookup';
import { settingsColumns, settingsOf, settingsOfOne, toSettings, type SettingsRow } from './settings';
import { allCategories, categoryTree } from './tree';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };
const categoriesResponse = z.object({ categories: z.array(categorySchema), pagination: paginationSchema.optional() });
const productsResponse = z.object({ products: z.array(productSchema) });
const slugOrId = z.string().trim().min(1).max(200);

const listQuerySchema = z.object({
  includeHierarchy: queryBoolean.optional(),
  excludeOverig: queryBoolean.optional(),
  excludeCounts: queryBoolean.optional(),
  navigation: queryBoolean.optional(),
  simple: queryBoolean.optional(),
  parentId: idParam.optional(),
  page: pageQuery.shape.page,
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  /** name, createdAt or updatedAt, optionally ":asc"/":desc"; default createdAt:desc (spec §9). */
  sort: z
    .string()
    .regex(/^(name|createdAt|updatedAt)(:(asc|desc))?$/)
    .optional(),
  filters: z
    .string()
    .max(2000)
    .transform((value, ctx) => {
      try {
        const parsed = z.object({ search: z.string().max(200).optional(), name: z.string().max(200).optional() }).strict().safeParse(JSON.parse(value));
        if (parsed.success) return parsed.data;
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'Expected JSON with search or name' });
      return z.NEVER;
    })
    .optional(),
});

const settingsBodySchema = categorySettingsSchema.omit({ representativeProduct: true }).partial();

const productIdsBody = z.object({ productIds: z.array(z.number().int().positive()).min(1).max(1000) });

/** A category's storefront detail: parent, breadcrumb, settings, children and counts. */
async function categoryDetail(db: Database, category: CategoryRow): Promise<CategoryNode> {
  const children = await childCategories(db, [category.id]);
  const [breadcrumb, settings, counts, childSettings] = await Promise.all([
    breadcrumbOf(db, category.id),
    settingsOfOne(db, category.id),
    countsOf(db, [category.id, ...children.map((child) => child.id)]),
    settingsOf(db, children.map((child) => child.id)),
  ]);
  const parent = breadcrumb.length > 1 ? breadcrumb[breadcrumb.length - 2]! : null;
  return {
    ...category,
    parentCategory: parent,
    breadcrumb,
    settings,
    _count: counts.get(category.id),
    childCategories: children.map((child) => ({
      ...child,
      image: child.image ?? childSettings.get(child.id)?.representativeProduct?.image ?? null,
      settings: childSettings.get(child.id),
      _count: counts.get(child.id),
    })),
  };
}

/** Homepage cards: the category image, else its representative product's image. */
async function withCardData(db: Database, rows: CategoryRow[]): Promise<CategoryNode[]> {
  const ids = rows.map((row) => row.id);
  const [settings, counts] = await Promise.all([settingsOf(db, ids), countsOf(db, ids)]);
  return rows.map((row) => ({
    ...row,
    image: row.image ?? settings.get(row.id)?.representativeProduct?.image ?? null,
    settings: settings.get(row.id),
    _count: counts.get(row.id),
  }));
}

const categoryColumns = sql`c.id, c.name, c.slug, c.image, c.parent_id as "parentId", c.created_at as "createdAt", c.updated_at as "updatedAt"`;

/** The category page's settings, breadcrumb (root first) and child categories in one round trip. */
async function categoryPageHead(db: Database, categoryId: number) {
  const [head] = await selectRows<{ settings: SettingsRow | null; breadcrumb: { id: number; name: string; slug: string }[]; children: CategoryRow[] }>(
    db,
    sql`select
      (select row_to_json(x) from (select ${settingsColumns} from category_settings s
        left join products p on p.id = s.representative_product_id where s.category_id = ${categoryId}) x) as settings,
      (select json_agg(json_build_object('id', a.id, 'name', a.name, 'slug', a.slug) order by a.depth desc)
        from (${ancestorsQuery(categoryId)}) a) as breadcrumb,
      (select coalesce(json_agg(row_to_json(x) order by x.name), '[]'::json)
        from (select ${categoryColumns} from categories c where c.parent_id = ${categoryId}) x) as children`,
  );
  return { settings: toSettings(head?.settings), breadcrumb: head?.breadcrumb ?? [], children: head?.children ?? [] };
}

export default async function categoryRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get('/categories', {
    config: { access: 'public' },
    schema: {
      tags: ['categories'],
      summary: 'Categories: tree (includeHierarchy), menu (navigation), flat list (simple), children (parentId) or the paged admin list',
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
        const counts = q.excludeCounts ? undefined : await countsOf(db, children.map((child) => child.id));
        return { categories: children.map((child) => ({ ...child, _count: counts?.get(child.id) })) };
      }
      const [field, direction] = (q.sort ?? 'createdAt:desc').split(':') as [string, string | undefined];
      const column = { name: sql`lower(c.name)`, createdAt: sql`c.created_at`, updatedAt: sql`c.updated_at` }[field]!;
      const order = sql.raw(direction === 'asc' ? 'asc' : direction === 'desc' || field !== 'name' ? 'desc' : 'asc');
      const text = q.filters?.search ?? q.filters?.name;
      const conditions: SQL[] = [sql`true`];
      if (text) conditions.push(sql`(c.name ilike ${`%${text}%`} or c.slug ilike ${`%${text}%`})`);
      if (q.excludeOverig) conditions.push(sql`c.slug <> ${OVERIG_SLUG}`);
      const where = sql.join(conditions, sql` and `);
      const [rows, [total]] = await Promise.all([
        selectRows<CategoryRow>(
          db,
          sql`select ${categoryColumns} from categories c where ${where} order by ${column} ${order}, c.id ${order} limit ${q.limit} offset ${offsetOf(q)}`,
        ),
        selectRows<{ n: number }>(db, sql`select count(*)::int as n from categories c where ${where}`),
      ]);
      const counts = await countsOf(db, rows.map((row) => row.id));
      return {
        categories: rows.map((row) => ({ ...row, _count: counts.get(row.id) })),
        pagination: paginationOf(total?.n ?? 0, q),
      };
    },
  });

  app.get('/categories/homepage', {
    config: { access: 'public' },
    schema: {
      tags: ['categories'],
      summary: "The homepage's category cards: those flagged for this site configuration, else the top-level ones",
      querystring: z.object({ siteConfigurationId: idParam.optional() }),
      response: { 200: categoriesResponse, ...errors },
    },
    handler: async (request) => {
      const { siteConfigurationId } = request.query;
      let rows = siteConfigurationId
        ? await selectRows<CategoryRow>(
            db,
            sql`select ${categoryColumns} from categories c join category_settings s on s.category_id = c.id
                where s.show_on_home_page = ${siteConfigurationId} order by lower(c.name), c.id`,
          )
        : [];
      if (!rows.length) {
        const [root] = siteConfigurationId
          ? await selectRows<{ rootCategoryId: number | null }>(
              db,
              sql`select root_category_id as "rootCategoryId" from site_configurations where id = ${siteConfigurationId}`,
            )
          : [];
        const parent = root?.rootCategoryId ? sql`c.parent_id = ${root.rootCategoryId}` : sql`c.parent_id is null`;
        rows = await selectRows<CategoryRow>(
          db,
          sql`select ${categoryColumns} from categories c where ${parent} and c.slug <> ${OVERIG_SLUG} order by lower(c.name), c.id`,
        );
      }
      return { categories: await withCardData(db, rows) };
    },
  });

  app.get('/categories/id/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['categories'],
      summary: 'A category with breadcrumb, settings, children and counts',
      params: z.object({ id: idParam }),
      response: { 200: categorySchema, ...errors },
    },
    handler: async (request) => categoryDetail(db, await findCategory(db, request.params.id)),
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
    config: { access: 'public' },
    schema: {
      tags: ['categories'],
      summary: "The category page: its products (sorted by the category's defaults unless asked), breadcrumb and subcategories",
      params: z.object({ slug: z.string().min(1).max(200) }),
      querystring: categoryPageQuerySchema,
      response: {
        200: z.object({
          products: z.array(productSchema),
          pagination: paginationSchema,
          category: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), image: z.string().nullable(), settings: categorySettingsSchema }),
          breadcrumb: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
          subcategories: z.array(categorySchema),
        }),
        ...errors,
      },
    },
    handler: async (request) => {
      const q = request.query;
      const category = await findCategory(db, request.params.slug);
      if (category.slug !== request.params.slug) throw notFound('Category not found');
      checkPriceRange(q);
      const [{ settings, breadcrumb, children }, categoryIds] = await Promise.all([
        categoryPageHead(db, category.id),
        q.includeSubcategories ? descendantIds(db, category.id) : [category.id],
      ]);
      const [list, subcategories] = await Promise.all([
        listProducts(db, {
          page: q.page,
          limit: q.limit,
          sortBy: q.sortBy ?? settings.defaultSortBy,
          sortOrder: q.sortOrder ?? settings.defaultSortOrder,
          manualCategoryId: category.id,
          categoryIds,
          search: q.search || undefined,
          brand: q.brand || undefined,
          storeId: q.storeId,
          minPrice: q.minPrice,
          maxPrice: q.maxPrice,
        }),
        withCardData(db, children),
      ]);
      return {
        ...list,
        category: { id: category.id, name: category.name, slug: category.slug, image: category.image, settings },
        breadcrumb,
        subcategories,
      };
    },
  });

  app.get('/categories/:slug/filters', {
    config: { access: 'public' },
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

  app.get('/categories/:slug/popular-subcategory-products', {
    config: { access: 'public' },
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
      summary: "A category's settings with defaults filled in (id or slug)",
      params: z.object({ slug: slugOrId }),
      response: { 200: z.object({ category: z.object({ id: z.number().int(), settings: categorySettingsSchema }) }), ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      return { category: { id: category.id, settings: await settingsOfOne(db, category.id) } };
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
      response: { 200: z.object({ category: z.object({ id: z.number().int(), settings: categorySettingsSchema }) }), ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const { representativeProductId, showOnHomePage } = request.body;
      if (representativeProductId) {
        const [found] = await db.select({ id: products.id }).from(products).where(eq(products.id, representativeProductId));
        if (!found) throw badRequest('Invalid representativeProductId', 'representativeProductId: unknown product');
      }
      if (showOnHomePage) {
        const [found] = await selectRows(db, sql`select id from site_configurations where id = ${showOnHomePage}`);
        if (!found) throw badRequest('Invalid showOnHomePage', 'showOnHomePage: unknown site configuration');
      }
      const { representativeProduct: _ignored, ...current } = await settingsOfOne(db, category.id);
      const next = { ...current, ...request.body, categoryId: category.id };
      await db.insert(categorySettings).values(next).onConflictDoUpdate({ target: categorySettings.categoryId, set: next });
      return { category: { id: category.id, settings: await settingsOfOne(db, category.id) } };
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
      const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
      if (found.length !== ids.length) throw badRequest('Invalid productIds', 'productIds: unknown product');
      const added = await selectRows<{ productId: number }>(
        db,
        sql`insert into product_categories (product_id, category_id, sort_order)
            select ids.id, ${category.id},
              coalesce((select max(sort_order) from product_categories where category_id = ${category.id}), 0) + ids.n
            from unnest(${intArray(ids)}) with ordinality as ids(id, n)
            on conflict do nothing returning product_id as "productId"`,
      );
      return { addedCount: added.length };
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
      const removed = await db
        .delete(productCategories)
        .where(and(eq(productCategories.categoryId, category.id), inArray(productCategories.productId, request.body.productIds)))
        .returning({ productId: productCategories.productId });
      return { removedCount: removed.length };
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
          .array(z.object({ productId: z.number().int().positive(), sortOrder: z.number().int().min(0).max(1_000_000) }))
          .min(1)
          .max(5000),
      }),
      response: { 200: z.object({ updatedCount: z.number().int() }), ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const orders = request.body.productOrders;
      const updated = await selectRows<{ productId: number }>(
        db,
        sql`update product_categories pc set sort_order = o.sort_order
            from unnest(${intArray(orders.map((o) => o.productId))}, ${intArray(orders.map((o) => o.sortOrder))}) as o(product_id, sort_order)
            where pc.category_id = ${category.id} and pc.product_id = o.product_id
            returning pc.product_id as "productId"`,
      );
      return { updatedCount: updated.length };
    },
  });
}

