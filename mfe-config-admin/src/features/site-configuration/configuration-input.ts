/**
 * The site configuration form's values and what is sent (docs/product.md §5 "Site configuration"):
 * texts trimmed, blank optional texts sent as null, empty domain rows dropped, and an empty root
 * category meaning the default for all domains.
 */
import { isUrlOrSitePath, type SiteConfiguration } from '@koopjesland/shared';

export const TWITTER_CARD_OPTIONS = ['summary', 'summary_large_image', 'app', 'player'] as const;
export type TwitterCard = (typeof TWITTER_CARD_OPTIONS)[number];

export const OPTIONAL_TEXT_FIELDS = [
  'logo',
  'keywords',
  'metaDescription',
  'ogTitle',
  'ogDescription',
  'ogImage',
  'twitterTitle',
  'twitterDescription',
  'twitterImage',
] as const;
type OptionalTextField = (typeof OPTIONAL_TEXT_FIELDS)[number];

/** Logo and image fields hold URLs. */
export const URL_FIELDS = ['logo', 'ogImage', 'twitterImage'] as const;

export type SiteConfigurationFormValues = {
  title: string;
  name: string;
  description: string;
  domainNames: string[];
  rootCategoryId?: number | null;
  twitterCard?: TwitterCard | null;
} & Partial<Record<OptionalTextField, string | null>>;

export type SiteConfigurationInput = {
  title: string;
  name: string;
  description: string;
  domainNames: string[];
  rootCategoryId: number | null;
  twitterCard: TwitterCard | null;
} & Record<OptionalTextField, string | null>;

/** Domain rows that hold something, trimmed. */
export const filledDomains = (domainNames: readonly (string | null | undefined)[] | undefined) =>
  (domainNames ?? []).map((domain) => (domain ?? '').trim()).filter(Boolean);

/** An absolute http(s) URL or a path on this site (`/media/…`), as the API accepts. */
export const isAcceptedUrl = isUrlOrSitePath;

export function toSiteConfigurationInput(values: SiteConfigurationFormValues): SiteConfigurationInput {
  const optional = Object.fromEntries(
    OPTIONAL_TEXT_FIELDS.map((field) => [field, values[field]?.trim() || null]),
  ) as Record<OptionalTextField, string | null>;
  return {
    title: values.title.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    domainNames: filledDomains(values.domainNames),
    rootCategoryId: values.rootCategoryId ?? null,
    twitterCard: values.twitterCard ?? null,
    ...optional,
  };
}

/** The form's starting values: an existing configuration, or a new one for the given domain. */
export function formValuesOf(configuration: SiteConfiguration | null, domain = ''): SiteConfigurationFormValues {
  if (!configuration) return { title: '', name: '', description: '', domainNames: [domain], rootCategoryId: null };
  const { title, name, description, domainNames, rootCategoryId, twitterCard } = configuration;
  const optional = Object.fromEntries(OPTIONAL_TEXT_FIELDS.map((field) => [field, configuration[field] ?? ''])) as Record<
    OptionalTextField,
    string
  >;
  return {
    title,
    name,
    description,
    domainNames: domainNames.length ? [...domainNames] : [''],
    rootCategoryId,
    // antd's Select shows its placeholder for undefined only.
    twitterCard: twitterCard ?? undefined,
    ...optional,
  };
}
