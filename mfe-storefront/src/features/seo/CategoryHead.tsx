import { usePageOrigin, type BreadcrumbEntry, type Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useSiteConfiguration } from '../site-configuration/useSiteConfiguration';
import { PageHead } from './PageHead';
import { breadcrumbJsonLd, collectionPageJsonLd, websiteJsonLd } from './structured-data';

/** Distinct brands in order of appearance. */
export function brandsOf(products: Product[]): string[] {
  return [...new Set(products.map((product) => product.brand).filter((brand): brand is string => Boolean(brand)))];
}

export function CategoryHead({
  category,
  breadcrumb,
  products,
  totalItems,
}: {
  category: { name: string; slug: string };
  breadcrumb: BreadcrumbEntry[];
  products: Product[];
  totalItems: number;
}) {
  const { t } = useStorefrontT();
  const siteName = useSiteConfiguration().configuration?.name ?? t('common:app.name');
  const origin = usePageOrigin();
  const brands = brandsOf(products);
  const path = `/${category.slug}`;
  const title = t('seo.categoryTitle', {
    name: category.name,
    count: totalItems,
    brands: brands.slice(0, 3).join(', '),
    site: siteName,
  });
  return (
    <PageHead
      title={title}
      description={t('seo.categoryDescription', { name: category.name, count: totalItems, brands: brands.slice(0, 3).join(', ') })}
      keywords={[category.name, ...brands.slice(0, 5)]}
      canonicalPath={path}
      jsonLd={[
        websiteJsonLd(origin, siteName),
        collectionPageJsonLd(origin, category.name, `${origin}${path}`, products),
        breadcrumbJsonLd([
          { name: t('breadcrumb.home'), url: `${origin}/` },
          ...breadcrumb.map((entry) => ({ name: entry.name, url: `${origin}/${entry.slug}` })),
          { name: category.name, url: `${origin}${path}` },
        ]),
      ]}
    />
  );
}
