/**
 * /media/**: the demo's images, drawn on request from the database rows they belong to
 * (products by id, store logos by slug), so the site works offline with no image files.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { PRODUCT_DRAWING, productDrawing, STORE_DRAWING, storeDrawing } from './drawings';

const ONE_WEEK = 'public, max-age=604800';

export default async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/media/products/:file', {
    config: { access: 'public' },
    schema: { hide: true, params: z.object({ file: z.string().max(32).regex(PRODUCT_DRAWING) }) },
    handler: async (request, reply) => {
      const drawing = await productDrawing(app.db, request.params.file);
      if (!drawing) throw notFound('Image not found');
      return reply.header('cache-control', ONE_WEEK).type('image/svg+xml').send(drawing);
    },
  });

  app.get('/media/stores/:file', {
    config: { access: 'public' },
    schema: { hide: true, params: z.object({ file: z.string().max(200).regex(STORE_DRAWING) }) },
    handler: async (request, reply) => {
      const drawing = await storeDrawing(app.db, request.params.file);
      if (!drawing) throw notFound('Image not found');
      return reply.header('cache-control', ONE_WEEK).type('image/svg+xml').send(drawing);
    },
  });
}
