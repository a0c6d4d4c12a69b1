/**
 * Title, description, keywords, social cards, locale, canonical and JSON-LD for one page.
 * React 19 hoists <title>, <meta> and <link> into the document head.
 */
import { usePageOrigin } from '@koopjesland/shared';
import { useSiteConfiguration } from '../site-configuration/useSiteConfiguration';

export interface PageHeadProps {
  title: string;
  description?: string;
  keywords?: string[];
  /** Path of the canonical address, e.g. '/laptops'; the current origin is prepended. */
  canonicalPath?: string;
  image?: string | null;
  type?: 'website' | 'product';
  noindex?: boolean;
  jsonLd?: object[];
}

export function PageHead({ title, description, keywords, canonicalPath, image, type = 'website', noindex, jsonLd = [] }: PageHeadProps) {
  const site = useSiteConfiguration().configuration;
  const origin = usePageOrigin();
  const canonical = canonicalPath ? `${origin}${canonicalPath}` : undefined;
  const metaDescription = description ?? site?.metaDescription ?? site?.description ?? undefined;
  const ogImage = image ?? site?.ogImage ?? undefined;
  return (
    <>
      <title>{title}</title>
      {metaDescription && <meta name="description" content={metaDescription} />}
      {keywords && keywords.length > 0 && <meta name="keywords" content={keywords.join(', ')} />}
      {noindex && <meta name="robots" content="noindex, nofollow" />}
      {canonical && <link rel="canonical" href={canonical} />}
      <meta property="og:title" content={title} />
      {metaDescription && <meta property="og:description" content={metaDescription} />}
      <meta property="og:type" content={type} />
      <meta property="og:locale" content="nl_NL" />
      {site?.name && <meta property="og:site_name" content={site.name} />}
      {canonical && <meta property="og:url" content={canonical} />}
      {ogImage && <meta property="og:image" content={ogImage} />}
      <meta name="twitter:card" content={site?.twitterCard ?? 'summary_large_image'} />
      <meta name="twitter:title" content={title} />
      {metaDescription && <meta name="twitter:description" content={metaDescription} />}
      {ogImage && <meta name="twitter:image" content={ogImage} />}
      <meta name="geo.region" content="NL" />
      {jsonLd.map((data, index) => (
        <script key={index} type="application/ld+json">
          {JSON.stringify(data)}
        </script>
      ))}
    </>
  );
}
