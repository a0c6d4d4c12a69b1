/**
 * GET /api/image-copies/{hash}/{width}.webp: our copies of product images. A copy's address
 * names its content (the original's hash) and width, so it never changes: cached for a year,
 * immutable. A browser that accepts AVIF gets the AVIF copy of that width where one was made (a
 * store's photo), else the WebP one; the answer varies with Accept.
 */
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { copyKey, type CopyFormat } from './storage';
import { imageStorageOf } from './worker';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The copy format a request's Accept prefers: AVIF when it names AVIF at least as high as WebP
 * (the negotiator of http/compression.ts; a tie goes to the first format listed here), else WebP.
 * Wildcards name neither: every browser that shows AVIF says so.
 */
function preferredFormat(accept: string | undefined): CopyFormat {
  return negotiate((accept ?? '').toLowerCase(), ['image/avif', 'image/webp']) === 'image/avif' ? 'avif' : 'webp';
}

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
      const { hash } = request.params;
      const avif = preferredFormat(request.headers.accept) === 'avif' ? await storage.open(copyKey(hash, width, 'avif')) : null;
      const copy = avif ?? (await storage.open(copyKey(hash, width)));
      if (!copy) throw notFound('Image not found');
      return reply
        .header('cache-control', IMMUTABLE)
        .header('vary', 'Accept')
        .header('content-length', copy.size)
        .type(avif ? 'image/avif' : 'image/webp')
        .send(copy.stream);
    },
  });
}
