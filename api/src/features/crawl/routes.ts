/**
 * robots.txt and the sitemaps, at the site's root (not under /api): per site configuration domain,
 * so each lists its own pages under its own address (page-origin.ts: a host that is none of the
 * site's domains gets PUBLIC_URL's).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { pageOriginOf } from '../site-configuration/page-origin';
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

function sendXml(reply: FastifyReply, body: string) {
  return reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(body);
}

export default async function crawlRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  const siteOf = async (request: Parameters<typeof pageOriginOf>[0]) => {
    const { origin, domain } = await pageOriginOf(request, app.config, db);
    return { origin, root: await rootCategoryOf(db, domain) };
  };

  app.get('/robots.txt', { config: access, schema: { hide: true } }, async (request, reply) => {
    const { origin } = await pageOriginOf(request, app.config, db);
    return reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robotsTxt(origin));
  });

  app.get('/sitemap.xml', { config: access, schema: { hide: true } }, async (request, reply) => {
    const { origin, root } = await siteOf(request);
    const categories = await categoryEntries(db, root);
    const products = await productSitemapPages(db, root);
    const categoriesModified = categories.reduce<Date | null>((latest, entry) => (!latest || entry.lastModified > latest ? entry.lastModified : latest), null);
    return sendXml(
      reply,
      sitemapIndex(origin, [
        { path: '/sitemaps/categories.xml', lastModified: categoriesModified },
        ...Array.from({ length: products.pages }, (_, index) => ({ path: `/sitemaps/products-${index + 1}.xml`, lastModified: products.lastModified })),
      ]),
    );
  });

  app.get('/sitemaps/categories.xml', { config: access, schema: { hide: true } }, async (request, reply) => {
    const { origin, root } = await siteOf(request);
    return sendXml(reply, urlSet(origin, await categoryEntries(db, root)));
  });

  app.get(
    '/sitemaps/:file',
    { config: access, schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      const page = /^products-([1-9][0-9]{0,5})\.xml$/.exec(request.params.file)?.[1];
      const { origin, root } = await siteOf(request);
      const entries = page ? await productEntries(db, root, Number(page)) : [];
      if (entries.length === 0) throw notFound('Sitemap not found');
      return sendXml(reply, urlSet(origin, entries));
    },
  );
}
