/**
 * robots.txt and the sitemaps, at the site's root (not under /api): per requesting host, so each
 * site configuration domain lists its own pages under its own address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import {
  categoryEntries,
  productEntries,
  productSitemapPages,
  robotsTxt,
  rootCategoryOf,
  sitemapIndex,
  urlSet,
} from './sitemap';

const CACHE_CONTROL = 'public, max-age=3600';
const access = { access: 'public' as const };

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function sendXml(reply: FastifyReply, body: string) {
  return reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(body);
}

export default async function crawlRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get('/robots.txt', { config: access, schema: { hide: true } }, async (request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robotsTxt(originOf(request))),
  );

  app.get('/sitemap.xml', { config: access, schema: { hide: true } }, async (request, reply) => {
    const root = await rootCategoryOf(db, request.hostname);
    const categories = await categoryEntries(db, root);
    const products = await productSitemapPages(db, root);
    const categoriesModified = categories.reduce<Date | null>((latest, entry) => (!latest || entry.lastModified > latest ? entry.lastModified : latest), null);
    return sendXml(
      reply,
      sitemapIndex(originOf(request), [
        { path: '/sitemaps/categories.xml', lastModified: categoriesModified },
        ...Array.from({ length: products.pages }, (_, index) => ({ path: `/sitemaps/products-${index + 1}.xml`, lastModified: products.lastModified })),
      ]),
    );
  });

  app.get('/sitemaps/categories.xml', { config: access, schema: { hide: true } }, async (request, reply) =>
    sendXml(reply, urlSet(originOf(request), await categoryEntries(db, await rootCategoryOf(db, request.hostname)))),
  );

  app.get(
    '/sitemaps/:file',
    { config: access, schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      const page = /^products-([1-9][0-9]{0,5})\.xml$/.exec(request.params.file)?.[1];
      const root = await rootCategoryOf(db, request.hostname);
      const entries = page ? await productEntries(db, root, Number(page)) : [];
      if (entries.length === 0) throw notFound('Sitemap not found');
      return sendXml(reply, urlSet(originOf(request), entries));
    },
  );
}
