/**
 * Product image calls (docs/product.md §7 "Product images"): the admin's image grid, Set Main,
 * Disable/Enable, alt text and file name, delete, and uploading an image file. Uploaded files
 * are served from the data folder by GET /media/uploads/{file} (below /api, so the front ends'
 * development servers reach it through their /api proxy).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { productImageSchema } from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../audit/trail';
import { badRequest, notFound } from '../../http/errors';
import { uploadFields } from '../../http/multipart';
import { errorResponses, idField } from '../../http/route-schemas';
import { addImage, deleteImage, findImage, imagesOf, setMain, toggleDisabled, toImage, updateImage } from './repository';
import { contentTypeOf, imageInfo, MAX_UPLOAD_BYTES, removeUpload, storeUpload, UPLOAD_FILE_NAME, uploadsDir } from './uploads';

const errors = errorResponses(400, 401, 403, 404);
const imageResponse = z.object({ image: productImageSchema });
const params = z.object({ id: idField });
const ONE_YEAR = 'public, max-age=31536000, immutable';

export default async function productImageRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const dataDir = app.config.dataDir;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  app.get('/products/:id/images', {
    config: { access: 'catalog' },
    schema: {
      tags: ['product-images'],
      summary: "Every image of a product, main first, disabled ones included",
      security: [{ bearer: [] }],
      params,
      response: { 200: z.object({ images: z.array(productImageSchema) }), ...errors },
    },
    handler: async (request) => ({ images: await imagesOf(db, request.params.id) }),
  });

  app.post('/products/:id/images', {
    config: { access: 'catalog' },
    schema: {
      tags: ['product-images'],
      summary: 'Uploads an image file (JPEG, PNG, WebP or GIF, at most 5 MB) as multipart field "file"; optional field "alt"',
      security: [{ bearer: [] }],
      consumes: ['multipart/form-data'],
      params,
      response: { 201: imageResponse, ...errors },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Invalid file', 'file: send the image as multipart/form-data');
      const file = await request.file();
      if (!file) throw badRequest('Invalid file', 'file: an image file is required');
      const fields = uploadFields(file);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('Invalid file', 'file: at most 5 MB');
        throw error;
      }
      const info = imageInfo(bytes);
      if (!info) throw badRequest('Invalid file', 'file: only JPEG, PNG, WebP or GIF images');
      const alt = fields.alt?.trim().slice(0, 500) || null;
      const url = await storeUpload(dataDir, request.params.id, bytes, info.extension);
      try {
        const image = await addImage(db, request.params.id, {
          url,
          alt,
          filename: path.basename(file.filename || '').slice(0, 255) || null,
          width: info.width,
          height: info.height,
        });
        recordChange(request, { entity: 'product-image', entityId: image.id, action: 'create', after: { productId: request.params.id, url, main: image.main } });
        return reply.status(201).send({ image: toImage(image) });
      } catch (error) {
        await removeUpload(dataDir, url);
        throw error;
      }
    },
  });

  app.post('/product-images/:id/set-main', {
    config: { access: 'catalog' },
    schema: { tags: ['product-images'], summary: "Makes the image the product's main image", security: [{ bearer: [] }], params, response: { 200: imageResponse, ...errors } },
    handler: async (request) => {
      const before = await findImage(db, request.params.id);
      const image = await setMain(db, before);
      recordChange(request, { entity: 'product-image', entityId: image.id, action: 'set-main', before: { main: before.main }, after: { main: true } });
      return { image: toImage(image) };
    },
  });

  app.post('/product-images/:id/toggle-disabled', {
    config: { access: 'catalog' },
    schema: {
      tags: ['product-images'],
      summary: 'Disables or enables an image (the main image cannot be disabled)',
      security: [{ bearer: [] }],
      params,
      response: { 200: imageResponse, ...errors },
    },
    handler: async (request) => {
      const before = await findImage(db, request.params.id);
      const image = await toggleDisabled(db, before);
      recordChange(request, { entity: 'product-image', entityId: image.id, action: 'update', before: { isDisabled: before.isDisabled }, after: { isDisabled: image.isDisabled } });
      return { image: toImage(image) };
    },
  });

  app.put('/product-images/:id', {
    config: { access: 'catalog' },
    schema: {
      tags: ['product-images'],
      summary: "Edits an image's alt text and file name",
      security: [{ bearer: [] }],
      params,
      body: z.object({
        alt: z.string().trim().max(500).nullable().optional(),
        filename: z.string().trim().max(255).nullable().optional(),
      }),
      response: { 200: imageResponse, ...errors },
    },
    handler: async (request) => {
      const before = await findImage(db, request.params.id);
      const changes = Object.fromEntries(Object.entries(request.body).map(([key, value]) => [key, value || null])) as { alt?: string | null; filename?: string | null };
      const image = await updateImage(db, before.id, changes);
      recordChange(request, {
        entity: 'product-image',
        entityId: image.id,
        action: 'update',
        before: Object.fromEntries(Object.keys(changes).map((key) => [key, before[key as 'alt' | 'filename']])),
        after: changes,
      });
      return { image: toImage(image) };
    },
  });

  app.delete('/product-images/:id', {
    config: { access: 'catalog' },
    schema: { tags: ['product-images'], summary: 'Deletes an image', security: [{ bearer: [] }], params, response: { 200: z.object({ deleted: z.literal(true) }), ...errors } },
    handler: async (request) => {
      const image = await findImage(db, request.params.id);
      await deleteImage(db, image);
      await removeUpload(dataDir, image.url);
      recordChange(request, { entity: 'product-image', entityId: image.id, action: 'delete', before: { productId: image.productId, url: image.url, main: image.main } });
      return { deleted: true as const };
    },
  });

  app.get('/media/uploads/:file', {
    config: { access: 'public' },
    schema: { hide: true, params: z.object({ file: z.string().max(64).regex(UPLOAD_FILE_NAME) }) },
    handler: async (request, reply) => {
      const file = request.params.file;
      const bytes = await fs.readFile(path.join(uploadsDir(dataDir), file)).catch(() => {
        throw notFound('Image not found');
      });
      return reply.header('cache-control', ONE_YEAR).header('x-content-type-options', 'nosniff').type(contentTypeOf(file)).send(bytes);
    },
  });
}
