/**
 * The catalog admin's specification calls: a category's fields (create, edit, delete, order)
 * and its coverage. Merchandisers and admins (access `catalog`), as for categories.
 */
import {
  specificationCoverageSchema,
  specificationFieldInputSchema,
  specificationFieldOrderSchema,
  specificationFieldSchema,
  specificationFieldsResponseSchema,
} from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../audit/trail';
import { findCategory } from '../../catalogue/category-lookup';
import { errorResponses, idField } from '../../http/route-schemas';
import { coverageOf } from './coverage';
import { createField, deleteField, fieldsOf, reorderFields, updateField } from './fields';

const errors = errorResponses(400, 401, 403, 404);
const slugOrId = z.string().trim().min(1).max(200);
const fieldParams = z.object({ slug: slugOrId, fieldId: idField });
const security = [{ bearer: [] }];

export default async function specificationAdminRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.post('/categories/:slug/specification-fields', {
    config: { access: 'catalog' },
    schema: {
      tags: ['specifications'],
      summary: "Adds a specification field to a category (last in its order) and reads the category's products into it",
      security,
      params: z.object({ slug: slugOrId }),
      body: specificationFieldInputSchema,
      response: { 201: specificationFieldSchema, ...errors },
    },
    handler: async (request, reply) => {
      const category = await findCategory(db, request.params.slug);
      const field = await createField(db, category.id, request.body);
      recordChange(request, { entity: 'specification-field', entityId: field.id, action: 'create', after: { ...request.body, categoryId: category.id } });
      return reply.status(201).send(field);
    },
  });

  app.put('/categories/:slug/specification-fields/order', {
    config: { access: 'catalog' },
    schema: {
      tags: ['specifications'],
      summary: "Sets the order of a category's specification fields (every field id once)",
      security,
      params: z.object({ slug: slugOrId }),
      body: specificationFieldOrderSchema,
      response: { 200: specificationFieldsResponseSchema, ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const before = (await fieldsOf(db, [category.id])).map((field) => field.id);
      const fields = await reorderFields(db, category.id, request.body.fieldIds);
      recordChange(request, { entity: 'category', entityId: category.id, action: 'sort-specification-fields', before: { fieldIds: before }, after: request.body });
      return { fields };
    },
  });

  app.put('/categories/:slug/specification-fields/:fieldId', {
    config: { access: 'catalog' },
    schema: {
      tags: ['specifications'],
      summary: "Replaces a specification field's name, type, unit, options and mapped names, and re-reads the category's products",
      security,
      params: fieldParams,
      body: specificationFieldInputSchema,
      response: { 200: specificationFieldSchema, ...errors },
    },
    handler: async (request) => {
      const category = await findCategory(db, request.params.slug);
      const before = (await fieldsOf(db, [category.id])).find((field) => field.id === request.params.fieldId);
      const field = await updateField(db, category.id, request.params.fieldId, request.body);
      recordChange(request, { entity: 'specification-field', entityId: field.id, action: 'update', before: before ?? null, after: field });
      return field;
    },
  });

  app.delete('/categories/:slug/specification-fields/:fieldId', {
    config: { access: 'catalog' },
    schema: {
      tags: ['specifications'],
      summary: 'Deletes a specification field and its values (the products keep their properties)',
      security,
      params: fieldParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const category = await findCategory(db, request.params.slug);
      const field = await deleteField(db, category.id, request.params.fieldId);
      recordChange(request, { entity: 'specification-field', entityId: field.id, action: 'delete', before: field });
      return reply.status(204).send(null);
    },
  });

  app.get('/categories/:slug/specification-coverage', {
    config: { access: 'catalog' },
    schema: {
      tags: ['specifications'],
      summary: "How many of a category's products have a value per field, unreadable values with examples, unmapped property names",
      security,
      params: z.object({ slug: slugOrId }),
      response: { 200: specificationCoverageSchema, ...errors },
    },
    handler: async (request) => coverageOf(db, (await findCategory(db, request.params.slug)).id),
  });
}
