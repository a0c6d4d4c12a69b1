/**
 * Site configurations (docs/product.md §3, §5, §7): each domain loads its own title, texts and root
 * category. The lookup by domain is public; listing all and every write is config-admin only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteConfigurationSchema, twitterCardSchema } from '@koopjesland/shared/entities';
import { changedFields, recordChange } from '../audit/trail';
import { badRequest, notFound } from '../../http/errors';
import { errorResponses, idParam } from '../../http/route-schemas';
import { normalizeDomain } from './domains';
import {
  allSiteConfigurations,
  categoryExists,
  deleteSiteConfiguration,
  findSiteConfiguration,
  findSiteConfigurationByDomain,
  insertSiteConfiguration,
  updateSiteConfiguration,
} from './repository';

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
const EDITABLE_FIELDS = Object.keys(configurationBody.shape) as (keyof ConfigurationInput)[];

/** The editable fields of a stored configuration, as the audit trail compares them. */
const auditView = (configuration: Record<keyof ConfigurationInput, unknown>) =>
  Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, configuration[field]]));

export default async function siteConfigurationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['site-configuration'];

  const findById = async (id: number) => {
    const configuration = await findSiteConfiguration(app.db, id);
    if (!configuration) throw notFound(NOT_FOUND);
    return configuration;
  };
  const assertRootCategoryExists = async ({ rootCategoryId }: ConfigurationInput) => {
    if (rootCategoryId !== null && !(await categoryExists(app.db, rootCategoryId))) {
      throw badRequest('Invalid rootCategoryId', 'Category not found');
    }
  };

  app.get('/site-configuration', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'The configuration of a domain (case-insensitive, port ignored)',
      querystring: z.object({ domain: z.string().trim().min(1, 'domain is required').max(300) }),
      response: { 200: siteConfigurationSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) => {
      const configuration = await findSiteConfigurationByDomain(app.db, normalizeDomain(request.query.domain));
      if (!configuration) throw notFound('Site configuration not found for this domain');
      return configuration;
    },
  });

  app.get('/site-configuration/all', {
    config: { access: 'config' },
    schema: {
      tags,
      summary: 'Every site configuration, oldest first (admin)',
      security: [{ bearer: [] }],
      response: { 200: z.array(siteConfigurationSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async () => allSiteConfigurations(app.db),
  });

  app.get('/site-configuration/:id', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'One site configuration',
      params: idParam,
      response: { 200: siteConfigurationSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) => findById(request.params.id),
  });

  app.post('/site-configuration', {
    config: { access: 'config' },
    schema: {
      tags,
      summary: 'Create a site configuration (admin)',
      security: [{ bearer: [] }],
      body: configurationBody,
      response: { 201: siteConfigurationSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      await assertRootCategoryExists(request.body);
      const id = await insertSiteConfiguration(app.db, request.body);
      const created = await findById(id);
      recordChange(request, { entity: 'site-configuration', entityId: id, action: 'create', after: auditView(created) });
      return reply.status(201).send(created);
    },
  });

  app.put('/site-configuration/:id', {
    config: { access: 'config' },
    schema: {
      tags,
      summary: 'Replace a site configuration (admin)',
      security: [{ bearer: [] }],
      params: idParam,
      body: configurationBody,
      response: { 200: siteConfigurationSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const before = await findById(request.params.id);
      await assertRootCategoryExists(request.body);
      if (!(await updateSiteConfiguration(app.db, request.params.id, request.body))) throw notFound(NOT_FOUND);
      const after = await findById(request.params.id);
      const change = changedFields(auditView(before), auditView(after));
      if (Object.keys(change.after).length) {
        recordChange(request, { entity: 'site-configuration', entityId: request.params.id, action: 'update', ...change });
      }
      return after;
    },
  });

  app.delete('/site-configuration/:id', {
    config: { access: 'config' },
    schema: {
      tags,
      summary: 'Delete a site configuration (admin)',
      security: [{ bearer: [] }],
      params: idParam,
      response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const before = await findById(request.params.id);
      if (!(await deleteSiteConfiguration(app.db, request.params.id))) throw notFound(NOT_FOUND);
      recordChange(request, { entity: 'site-configuration', entityId: request.params.id, action: 'delete', before: auditView(before) });
      return { success: true as const };
    },
  });
}
