import { formatMoney, usePageOrigin, type Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useSiteConfiguration } from '../site-configuration/useSiteConfiguration';
import { productPath } from '../../lib/paths';
import { PageHead } from './PageHead';
import { breadcrumbJsonLd, productJsonLd, websiteJsonLd } from './structured-data';

export function ProductHead({ product }: { product: Product }) {
  const { t } = useStorefrontT();
  const siteName = useSiteConfiguration().configuration?.name ?? t('common:app.name');
  const origin = usePageOrigin();
  const category = product.breadcrumb?.at(-1)?.name ?? product.categories?.[0]?.name ?? '';
  const price = product.lowestPrice ? formatMoney(product.lowestPrice.total) : '';
  const parts = [product.name, category, product.brand, price].filter(Boolean).join(' - ');
  const path = productPath(product);
  return (
    <PageHead
      title={t('seo.productTitle', { parts, site: siteName })}
      description={
        product.description?.slice(0, 160) ||
        t('seo.productDescription', { name: product.name, brand: product.brand ?? '', price })
      }
      keywords={[product.name, product.brand, category].filter((k): k is string => Boolean(k))}
      canonicalPath={path}
      image={product.image}
      type="product"
      jsonLd={[
        websiteJsonLd(origin, siteName),
        productJsonLd(origin, product),
        breadcrumbJsonLd([
          { name: t('breadcrumb.home'), url: `${origin}/` },
          ...(product.breadcrumb ?? []).map((entry) => ({ name: entry.name, url: `${origin}/${entry.slug}` })),
          { name: product.name, url: `${origin}${path}` },
        ]),
      ]}
    />
  );
}
