/** Homepage (docs/product.md §2): popular categories, popular products, top price drops, sign-in prompt. */
import { Link } from 'react-router-dom';
import { errorMessage, selectIsAuthenticated, useAuthStore, usePageOrigin } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { CategoryGrid } from '../category/CategoryCard';
import { ProductGrid } from '../products/ProductGrid';
import { PageHead } from '../seo/PageHead';
import { websiteJsonLd } from '../seo/structured-data';
import { useSiteConfiguration } from '../site-configuration/useSiteConfiguration';
import { useGetHomepageCategoriesQuery, useGetPopularProductsQuery, useGetPriceDropsQuery } from './api';
import { HydrateLater } from '../../lib/hydrate-later';
import { Typography } from '../../lib/typography';
import { buttonClassName } from '../../lib/button';
import { Card } from '../../lib/card';
import { Alert, Empty, PageSpinner } from '../../lib/feedback';

const PRODUCT_COLUMNS = 5;
const CATEGORY_COLUMNS = 3;

export default function HomePage() {
  const { t } = useStorefrontT();
  const site = useSiteConfiguration();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const origin = usePageOrigin();
  const siteId = site.configuration?.id ?? null;

  const popularQuery = useGetPopularProductsQuery();
  const dropsQuery = useGetPriceDropsQuery();
  const categories = useGetHomepageCategoriesQuery(siteId ?? 0, { skip: siteId === null });

  const siteName = site.configuration?.name ?? t('common:app.name');
  const head = (
    <PageHead
      title={site.configuration?.title ?? siteName}
      description={site.configuration?.metaDescription ?? site.configuration?.description}
      keywords={site.configuration?.keywords
        ?.split(',')
        .map((k) => k.trim())
        .filter(Boolean)}
      canonicalPath="/"
      jsonLd={[websiteJsonLd(origin, siteName)]}
    />
  );

  if (popularQuery.isLoading || dropsQuery.isLoading || (site.status === 'success' && categories.isLoading)) {
    return <PageSpinner>{head}</PageSpinner>;
  }
  const failure = [popularQuery, dropsQuery, categories].find((query) => query.isError);
  if (failure) {
    return (
      <>
        {head}
        <Alert type="error" title={errorMessage(failure.error, t('home.loadFailed'))} />
      </>
    );
  }

  const popular = popularQuery.data ?? [];
  const drops = dropsQuery.data ?? [];
  return (
    <div className="kl-home">
      {head}
      {/* The page's one h1 (every page has one, for screen readers and search engines); the logo shows the name. */}
      <h1 className="kl-visually-hidden">{site.configuration?.title ?? siteName}</h1>
      {/* Each section hydrates on its own (lib/hydrate-later). */}
      {categories.data && categories.data.length > 0 && (
        <HydrateLater>
          <section aria-labelledby="home-categories">
            <Typography.Title level={2} id="home-categories">
              {t('home.popularCategories')}
            </Typography.Title>
            <CategoryGrid categories={categories.data} columns={CATEGORY_COLUMNS} square />
          </section>
        </HydrateLater>
      )}
      <HydrateLater>
        <section aria-labelledby="home-popular">
          <Typography.Title level={2} id="home-popular">
            {t('home.popularProducts')}
          </Typography.Title>
          <ProductGrid products={popular} columns={PRODUCT_COLUMNS} label={t('home.popularProducts')} />
        </section>
      </HydrateLater>
      <HydrateLater>
        <section aria-labelledby="home-drops">
          <Typography.Title level={2} id="home-drops">
            {t('home.topPriceDrops', { count: drops.length })}
          </Typography.Title>
          {drops.length > 0 ? (
            <ProductGrid
              products={drops}
              columns={PRODUCT_COLUMNS}
              label={t('home.topPriceDrops', { count: drops.length })}
            />
          ) : (
            <Empty
              description={
                <>
                  <Typography.Text strong>{t('home.noPriceDrops')}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t('home.checkBackLater')}</Typography.Text>
                </>
              }
            />
          )}
        </section>
      </HydrateLater>
      {!signedIn && (
        <HydrateLater>
          <Card style={{ marginTop: 32, textAlign: 'center' }}>
            <Typography.Title level={3}>{t('home.signInPromptTitle')}</Typography.Title>
            <Typography.Paragraph>{t('home.signInPromptText')}</Typography.Paragraph>
            <Link to="/login" className={buttonClassName({ variant: 'primary' })}>
              {t('header.login')}
            </Link>
          </Card>
        </HydrateLater>
      )}
    </div>
  );
}
