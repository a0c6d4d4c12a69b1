/**
 * GET /api/image-copies/{hash}/{width}.webp: our WebP copies of product images. A copy's address
 * names its content (the original's hash) and width, so it never changes: cached for a year,
 * immutable.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { copyKey } from './storage';
import { imageStorageOf } from './worker';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export default async function imageCopyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storage = imageStorageOf(fastify);

  app.get('/image-copies/:hash/:file', {
    config: { access: 'public' },
    schema: {
      hide: true,
      params: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), file: z.string().regex(/^[1-9]\d{0,4}\.webp$/) }),
    },
    handler: async (request, reply) => {
      const width = Number(request.params.file.slice(0, -'.webp'.length));
      const copy = await storage.open(copyKey(request.params.hash, width));
      if (!copy) throw notFound('Image not found');
      return reply
        .header('cache-control', IMMUTABLE)
        .header('content-length', copy.size)
        .type('image/webp')
        .send(copy.stream);
    },
  });
}
