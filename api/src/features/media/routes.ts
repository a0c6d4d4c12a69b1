/**
 * /media/**: the demo's images, drawn on request from the database rows they belong to
 * (products by id, store logos by slug), so the site works offline with no image files.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productImageSvg, storeLogoSvg } from '../../demo/svg';
import { products, stores } from '../../db/schema';
import { MAX_ID } from '../../http/route-schemas';
import { notFound } from '../../http/errors';

const ONE_WEEK = 'public, max-age=604800';

export default async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/media/products/:file', {
    config: { access: 'public' },
    schema: { hide: true, params: z.object({ file: z.string().max(32).regex(/^[1-9]\d{0,9}-\d{1,3}\.svg$/) }) },
    handler: async (request, reply) => {
      const [id, variant] = request.params.file.replace('.svg', '').split('-').map(Number) as [number, number];
      if (id > MAX_ID) throw notFound('Image not found');
      const [product] = await app.db
        .select({ name: products.name, brand: products.brand })
        .from(products)
        .where(eq(products.id, id));
      if (!product) throw notFound('Image not found');
      return reply
        .header('cache-control', ONE_WEEK)
        .type('image/svg+xml')
        .send(productImageSvg(id, variant, product.brand ?? '', product.name));
    },
  });

  app.get('/media/stores/:file', {
    config: { access: 'public' },
    schema: { hide: true, params: z.object({ file: z.string().max(200).regex(/^[a-z0-9-]+\.svg$/) }) },
    handler: async (request, reply) => {
      const [store] = await app.db
        .select({ name: stores.name })
        .from(stores)
        .where(eq(stores.slug, request.params.file.replace('.svg', '')));
      if (!store) throw notFound('Image not found');
      return reply.header('cache-control', ONE_WEEK).type('image/svg+xml').send(storeLogoSvg(store.name));
    },
  });
}
