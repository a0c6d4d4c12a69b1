/**
 * Site configurations (spec §3, §5, §7): each domain loads its own title, texts and root
 * category. The lookup by domain is public; listing all and every write is config-admin only.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, siteConfigurationSchema, twitterCardSchema } from '@koopjesland/shared/entities';
import { categories, siteConfigurations } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { normalizeDomain } from './domains';

const NOT_FOUND = 'Site configuration not found';

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2000);

/** Optional free text: blank becomes null. */
const optionalText = z
  .string()
  .trim()
  .max(2000)
  .nullish()
  .transform((value) => value || null);

/** Logo and image fields: an absolute http(s) URL or a path on this site; blank becomes null. */
const optionalUrl = optionalText.refine(
  (value) => value === null || value.startsWith('/') || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value),
  'Must be a valid URL',
);

const domainNames = z
  .array(z.string().max(253), { error: 'At least one domain name is required' })
  .transform((names) => [...new Set(names.map(normalizeDomain).filter(Boolean))])
  .refine((names) => names.length > 0, 'At least one domain name is required');

const configurationBody = z.object({
  title: required('Title'),
  name: required('Name'),
  description: required('Description'),
  domainNames,
  logo: optionalUrl,
  rootCategoryId: z.number().int().positive().nullish().transform((value) => value ?? null),
  keywords: optionalText,
  metaDescription: optionalText,
  ogTitle: optionalText,
  ogDescription: optionalText,
  ogImage: optionalUrl,
  twitterCard: z
    .union([twitterCardSchema, z.literal('')])
    .nullish()
    .transform((value) => value || null),
  twitterTitle: optionalText,
  twitterDescription: optionalText,
  twitterImage: optionalUrl,
});
type ConfigurationInput = z.infer<typeof configurationBody>;

const idParams = z.object({ id: z.coerce.number().int().positive() });

const siteConfigurationRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

  const selectWithRootCategory = () =>
    app.db
      .select({ ...getTableColumns(siteConfigurations), rootCategoryName: categories.name })
      .from(siteConfigurations)
      .leftJoin(categories, eq(categories.id, siteConfigurations.rootCategoryId));

  type Row = Awaited<ReturnType<ReturnType<typeof selectWithRootCategory>['execute']>>[number];
  const present = ({ rootCategoryName, ...row }: Row) => ({
    ...row,
    twitterCard: twitterCardSchema.safeParse(row.twitterCard).data ?? null,
    rootCategory: rootCategoryName === null ? null : { name: rootCategoryName },
  });

  async function findById(id: number) {
    const [row] = await selectWithRootCategory().where(eq(siteConfigurations.id, id)).limit(1);
    if (!row) throw notFound(NOT_FOUND);
    return present(row);
  }

  async function assertRootCategoryExists(input: ConfigurationInput) {
    if (input.rootCategoryId === null) return;
    const [found] = await app.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, input.rootCategoryId))
      .limit(1);
    if (!found) throw badRequest('Invalid rootCategoryId', 'Category not found');
  }

  app.get(
    '/site-configuration',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site-configuration'],
        summary: 'The configuration of a domain (case-insensitive, port ignored)',
        querystring: z.object({ domain: z.string().trim().min(1, 'domain is required').max(300) }),
        response: { 200: siteConfigurationSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const domain = normalizeDomain(request.query.domain);
      // Stored names are normalised on write; lower() also covers rows written by hand.
      const [row] = await selectWithRootCategory()
        .where(sql`exists (select 1 from unnest(${siteConfigurations.domainNames}) as d where lower(d) = ${domain})`)
        .orderBy(siteConfigurations.id)
        .limit(1);
      if (!row) throw notFound('Site configuration not found for this domain');
      return present(row);
    },
  );

  app.get(
    '/site-configuration/all',
    {
      config: { access: 'config' },
      schema: {
        tags: ['site-configuration'],
        summary: 'Every site configuration, oldest first (admin)',
        security: [{ bearer: [] }],
        response: { 200: z.array(siteConfigurationSchema), ...adminErrors },
      },
    },
    async () => (await selectWithRootCategory().orderBy(siteConfigurations.id)).map(present),
  );

  app.get(
    '/site-configuration/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site-configuration'],
        summary: 'One site configuration',
        params: idParams,
        response: { 200: siteConfigurationSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => findById(request.params.id),
  );

  app.post(
    '/site-configuration',
    {
      config: { access: 'config' },
      schema: {
        tags: ['site-configuration'],
        summary: 'Create a site configuration (admin)',
        security: [{ bearer: [] }],
        body: configurationBody,
        response: { 201: siteConfigurationSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      await assertRootCategoryExists(request.body);
      const [created] = await app.db.insert(siteConfigurations).values(request.body).returning({ id: siteConfigurations.id });
      return reply.status(201).send(await findById(created!.id));
    },
  );

  app.put(
    '/site-configuration/:id',
    {
      config: { access: 'config' },
      schema: {
        tags: ['site-configuration'],
        summary: 'Replace a site configuration (admin)',
        security: [{ bearer: [] }],
        params: idParams,
        body: configurationBody,
        response: { 200: siteConfigurationSchema, ...adminErrors, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await findById(request.params.id);
      await assertRootCategoryExists(request.body);
      await app.db.update(siteConfigurations).set(request.body).where(eq(siteConfigurations.id, request.params.id));
      return findById(request.params.id);
    },
  );

  app.delete(
    '/site-configuration/:id',
    {
      config: { access: 'config' },
      schema: {
        tags: ['site-configuration'],
        summary: 'Delete a site configuration (admin)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: z.object({ success: z.literal(true) }), ...adminErrors, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const deleted = await app.db
        .delete(siteConfigurations)
        .where(eq(siteConfigurations.id, request.params.id))
        .returning({ id: siteConfigurations.id });
      if (deleted.length === 0) throw notFound(NOT_FOUND);
      return { success: true as const };
    },
  );
};

export default siteConfigurationRoutes;
