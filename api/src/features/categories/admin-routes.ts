/**
 * The merchandiser's category calls (docs/product.md §2 "Admin categories", §7 Categories):
 * create, edit, delete, the category's product table and its "Delete All", export and import.
 */
import {
  categoryBaseSchema,
  categoryExportSchema,
  categoryImportResultSchema,
  categoryProductSchema,
  paginationSchema,
} from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../audit/trail';
import { pageQuery, paginationOf } from '../../http/pagination';
import { errorResponses, idField } from '../../http/route-schemas';
import { queryBoolean } from '../products/query-params';
import {
  categoryProducts,
  createCategory,
  deleteCategory,
  findCategory,
  NAME_REQUIRED,
  removeAllProducts,
  updateCategory,
} from './admin';
import { exportCategories, importCategories } from './transfer';
import { copySavedImage, copyShownImages } from '../image-copies/worker';

const errors = errorResponses(400, 401, 403, 404);
const slugOrId = z.string().trim().min(1).max(200);
const name = z.string().trim().min(1, NAME_REQUIRED).max(200);
const slug = z
  .string()
  .trim()
  .min(1, 'Slug is required')
  .max(200)
  .regex(/^([a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'Use lowercase letters, digits and hyphens');

export default async function categoryAdminRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.post('/categories', {
    config: { access: 'catalog' },
    schema: {
      tags: ['categories'],
      summary: 'Creates a category (blank parent: a root category); the slug follows the name unless given',
      security: [{ bearer: [] }],
      body: z.object({ name, slug: slug.optional(), parentId: idField.nullable().optional() }),
      response: { 201: categoryBaseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const row = await createCategory(db, request.body);
      recordChange(request, { entity: 'category', entityId: row.id, action: 'create', after: { name: row.name, slug: row.slug, parentId: row.parentId } });
      return reply.status(201).send(row);
    },
  });

  app.put('/categories/:id', {
    config: { access: 'catalog' },
    schema: {
      tags: ['categories'],
      summary: 'Renames or moves a category (never under itself or a descendant); fields left out keep their value',
      security: [{ bearer: [] }],
      params: z.object({ id: idField }),
      body: z.object({
        name: name.optional(),
        slug: slug.optional(),
        parentId: idField.nullable().optional(),
        image: z.string().trim().max(2048).nullable().optional(),
      }),
      response: { 200: categoryBaseSchema, ...errors },
    },
    handler: async (request) => {
      const current = await findCategory(db, request.params.id);
      const { image, ...rest } = request.body;
      const { row, before, after } = await updateCategory(db, current, { ...rest, ...(image !== undefined ? { image: image || null } : {}) });
      if (image) await copySavedImage(app, row.image);
      if (Object.keys(after).length) recordChange(request, { entity: 'category', entityId: row.id, action: 'update', before, after });
      return row;
    },
  });

  app.delete('/categories/:id', {
    config: { access: 'catalog' },
    schema: {
      tags: ['categories'],
      summary: 'Deletes a category with every category below it (their product links go, the products stay)',
      security: [{ bearer: [] }],
      params: z.object({ id: idField }),
      response: { 200: z.object({ deleted: z.literal(true), deletedCategories: z.number().int() }), ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.id);
      const deletedCategories = await deleteCategory(db, category);
      recordChange(request, {
        entity: 'category',
        entityId: category.id,
        action: 'delete',
        before: { name: category.name, slug: category.slug, parentId: category.parentId, deletedCategories },
      });
      return { deleted: true as const, deletedCategories };
    },
  });

  app.get('/categories/:slug/products', {
    config: { access: 'catalog' },
    schema: {
      tags: ['categories'],
      summary: "The admin's product table of a category (id or slug), in its manual order",
      security: [{ bearer: [] }],
      params: z.object({ slug: slugOrId }),
      querystring: pageQuery,
      response: { 200: z.object({ products: z.array(categoryProductSchema), pagination: paginationSchema }), ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const { rows, totalItems } = await categoryProducts(db, category.id, request.query);
      return { products: rows, pagination: paginationOf(totalItems, request.query) };
    },
  });

  app.delete('/categories/:slug/products/all', {
    config: { access: 'catalog' },
    schema: {
      tags: ['categories'],
      summary: 'Removes every product from a category (only the links; the products stay)',
      security: [{ bearer: [] }],
      params: z.object({ slug: slugOrId }),
      response: { 200: z.object({ removedCount: z.number().int() }), ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const removedCount = await removeAllProducts(db, category.id);
      recordChange(request, { entity: 'category', entityId: category.id, action: 'remove-all-products', after: { removedCount } });
      return { removedCount };
    },
  });

  app.get('/categories/export', {
    config: { access: 'catalog' },
    schema: {
      tags: ['categories'],
      summary: 'The category tree as a file: parents first, with stored settings and mapped alias paths',
      security: [{ bearer: [] }],
      querystring: z.object({ includeOverig: queryBoolean.optional() }),
      response: { 200: categoryExportSchema, ...errors },
    },
    handler: async (request) => exportCategories(db, request.query.includeOverig ?? false),
  });

  app.post('/categories/import', {
    config: { access: 'catalog' },
    bodyLimit: 20 * 1024 * 1024,
    schema: {
      tags: ['categories'],
      summary: 'Imports an export: categories matched by slug are updated, others created (clearExisting deletes the rest)',
      security: [{ bearer: [] }],
      body: z.object({ exportData: categoryExportSchema, clearExisting: z.boolean().optional() }),
      response: { 200: categoryImportResultSchema, ...errors },
    },
    handler: async (request) => {
      const result = await importCategories(db, request.body.exportData, request.body.clearExisting ?? false);
      await copyShownImages(app);
      recordChange(request, {
        entity: 'category',
        entityId: null,
        action: 'import',
        after: { ...result.results, errors: result.results.errors.length, clearExisting: request.body.clearExisting ?? false },
      });
      return result;
    },
  });
}
