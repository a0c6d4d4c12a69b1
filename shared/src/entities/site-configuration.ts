import { z } from 'zod';
import { id, isoDateTime } from './common';

export const TWITTER_CARDS = ['summary', 'summary_large_image', 'app', 'player'] as const;
export const twitterCardSchema = z.enum(TWITTER_CARDS);

export const siteConfigurationSchema = z.object({
  id,
  title: z.string(),
  name: z.string(),
  description: z.string(),
  domainNames: z.array(z.string()),
  logo: z.string().nullable(),
  rootCategoryId: z.number().int().nullable(),
  rootCategory: z.object({ name: z.string() }).nullable(),
  keywords: z.string().nullable(),
  metaDescription: z.string().nullable(),
  ogTitle: z.string().nullable(),
  ogDescription: z.string().nullable(),
  ogImage: z.string().nullable(),
  twitterCard: twitterCardSchema.nullable(),
  twitterTitle: z.string().nullable(),
  twitterDescription: z.string().nullable(),
  twitterImage: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SiteConfiguration = z.infer<typeof siteConfigurationSchema>;
