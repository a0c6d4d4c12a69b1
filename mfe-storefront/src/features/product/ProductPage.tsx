/**
 * Product page /product/{slug}/{id} (docs/product.md §2): breadcrumb, brand, name, gallery, lowest price
 * and savings, details accordion, offers, recently viewed and recommendations; admin buttons.
 */
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import TagsOutlined from '@ant-design/icons-svg/es/asn/TagsOutlined';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Suspense, useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import {
  errorMessage,
  errorStatus,
  formatMoney,
  formatPercentChange,
  useAuthStore,
  type Product,
} from '@koopjesland/shared';
import { statusTextOf } from '../../lib/failure';
import { useStorefrontT } from '../../i18n';
import { useCanEditCatalog } from '../../lib/admin-access';
import { ProductGrid } from '../products/ProductGrid';
import { productPath } from '../../lib/paths';
import { readRecentlyViewed, rememberProduct } from '../recently-viewed/recently-viewed';
import { ProductHead } from '../seo/ProductHead';
import { WishlistButton } from '../wishlist/WishlistButton';
import { CompareToggle } from '../compare/CompareToggle';
import { recommendationArgs, useGetProductQuery, useGetRecommendationsQuery } from './api';
import { Gallery } from './Gallery';
import { LowestInDays } from '../price-history/LowestInDays';
import { PriceHistorySlot } from '../price-history/PriceHistorySlot';
import { PriceList } from './PriceList';
import { DealBadge, hasDeal } from '../products/DealBadge';
import { Disclosure, type DisclosureItem } from '../../lib/disclosure';
import { HydrateLater } from '../../lib/hydrate-later';
import { Typography } from '../../lib/typography';
import { Breadcrumb } from '../../lib/breadcrumb';
import { Button } from '../../lib/button';
import { Alert, PageSpinner } from '../../lib/feedback';
import { Icon } from '../../lib/icon';
import { Space } from '../../lib/space';
import { lazyWithAntd } from '../../lib/lazy-with-antd';

const ProductNotFound = lazyWithAntd(() => import('./ProductNotFound'));
const AssignCategoriesModal = lazyWithAntd(() =>
  import('../admin-modals/catalog-modals').then((modals) => ({ default: modals.AssignCategoriesModal })),
);

function PriceSummary({ product }: { product: Product }) {
  const { t } = useStorefrontT();
  const lowest = product.lowestPrice;
  if (!lowest) return <Typography.Text type="secondary">{t('product.noPrices')}</Typography.Text>;
  const dropped = product.priceChange !== null && product.priceChange < 0;
  const spread = product.highestPrice && product.highestPrice > lowest.total ? product.highestPrice - lowest.total : 0;
  return (
    <Space orientation="vertical" size={2} aria-label={t('product.lowestPrice')} role="group">
      <Typography.Text type="secondary">{t('product.lowestPrice')}</Typography.Text>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 12 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {formatMoney(lowest.total)}
        </Typography.Title>
        <LowestInDays productId={product.id} />
      </div>
      <Typography.Text>{t('product.atStore', { store: lowest.store.name })}</Typography.Text>
      {hasDeal(product) && (
        <span>
          <DealBadge product={product} />
        </span>
      )}
      {dropped && (
        <>
          <Typography.Text delete type="secondary">
            {t('product.originalPrice', { price: formatMoney(lowest.total - product.priceChange!) })}
          </Typography.Text>
          <Typography.Text type="success">
            {t('product.discount', { percent: formatPercentChange(product.percentageChange) })}
          </Typography.Text>
          <Typography.Text type="success">
            {t('product.youSave', { amount: formatMoney(-product.priceChange!) })}
          </Typography.Text>
        </>
      )}
      {spread > 0 && <Typography.Text>{t('product.savings', { amount: formatMoney(spread) })}</Typography.Text>}
    </Space>
  );
}

function Related({ product }: { product: Product }) {
  const { t } = useStorefrontT();
  const [recent, setRecent] = useState<Product[]>([]);
  useEffect(() => {
    const before = readRecentlyViewed().filter((item) => item.id !== product.id);
    rememberProduct(product);
    setRecent(before);
  }, [product]);
  const recommendations = useGetRecommendationsQuery(recommendationArgs(product) ?? skipToken);
  return (
    <>
      {recent.length > 0 && (
        <section style={{ marginTop: 32 }}>
          <Typography.Title level={3}>{t('product.recentlyViewed')}</Typography.Title>
          <ProductGrid products={recent} columns={6} label={t('product.recentlyViewed')} />
        </section>
      )}
      {recommendations.currentData && recommendations.currentData.length > 0 && (
        <section style={{ marginTop: 32 }}>
          <Typography.Title level={3}>{t('product.youMightAlsoLike')}</Typography.Title>
          <ProductGrid products={recommendations.currentData} columns={6} label={t('product.youMightAlsoLike')} />
        </section>
      )}
    </>
  );
}

/** Label and value pairs (identifiers, properties), one per line. */
function DetailList({ items }: { items: { key: number | string; label: string; value: string }[] }) {
  return (
    <dl className="kl-details">
      {items.map((item) => (
        <div key={item.key}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function ProductPage() {
  const { id = '' } = useParams();
  const { t } = useStorefrontT();
  const canEditCatalog = useCanEditCatalog();
  const viewer = useAuthStore((state) => state.user?.id ?? null);
  const [assigning, setAssigning] = useState(false);
  // Another product or visitor shows the spinner (`currentData`); a refresh of this one does not.
  const result = useGetProductQuery({ id, viewer });

  if (result.isError) {
    const status = errorStatus(result.error);
    if (status === 404 || status === 400) {
      return (
        <Suspense fallback={null}>
          <ProductNotFound />
        </Suspense>
      );
    }
    return (
      <Alert
        type="error"
        title={t('product.fetchFailed', { statusText: statusTextOf(result.error) })}
        description={errorMessage(result.error, t('product.loadFailed'))}
      />
    );
  }
  if (!result.currentData) {
    return <PageSpinner />;
  }

  const product = result.currentData;
  // A merged product's address answers (301, followed by fetch) with the product it was merged into.
  if (String(product.id) !== id) return <Navigate to={productPath(product)} replace />;
  const details = [
    product.description && {
      key: 'description',
      label: t('product.description'),
      children: <Typography.Paragraph>{product.description}</Typography.Paragraph>,
    },
    (product.productIds?.length ?? 0) > 0 && {
      key: 'identifiers',
      label: t('product.identifiers'),
      children: (
        <DetailList items={product.productIds!.map((entry) => ({ key: entry.id, label: entry.type, value: entry.value }))} />
      ),
    },
    (product.properties?.length ?? 0) > 0 && {
      key: 'properties',
      label: t('product.properties'),
      children: (
        <DetailList items={product.properties!.map((entry) => ({ key: entry.id, label: entry.name, value: entry.value }))} />
      ),
    },
  ].filter(Boolean) as DisclosureItem[];

  return (
    <article className="kl-product-page">
      <ProductHead product={product} />
      <Breadcrumb
        label={t('breadcrumb.label')}
        items={[
          { title: <Link to="/">{t('breadcrumb.home')}</Link> },
          ...(product.breadcrumb ?? []).map((entry) => ({ title: <Link to={`/${entry.slug}`}>{entry.name}</Link> })),
          { title: product.name },
        ]}
      />
      {/* The sections below hydrate on their own (lib/hydrate-later). */}
      <HydrateLater>
        {/* Name, image, then price on a phone, all in its first screen; gallery beside name and price
            from 768 px (storefront.css, .kl-product-top). */}
        <div className="kl-product-top">
          <div className="kl-product-heading">
            {product.brand && <Typography.Text type="secondary">{product.brand}</Typography.Text>}
            <Typography.Title level={1} style={{ marginTop: 0 }}>
              {product.name}
            </Typography.Title>
          </div>
          <div className="kl-product-gallery">
            <Gallery product={product} />
          </div>
          <div className="kl-product-summary">
            <PriceSummary product={product} />
            <Space wrap style={{ display: 'flex', marginTop: 16 }}>
              <WishlistButton product={product} />
              <CompareToggle product={product} />
              {canEditCatalog && (
                <>
                  <Button icon={<Icon icon={TagsOutlined} />} onClick={() => setAssigning(true)}>
                    {t('admin.assignCategories')}
                  </Button>
                  <Button
                    icon={<Icon icon={EditOutlined} />}
                    onClick={() => window.open(`/admin/products/${product.id}`, '_blank', 'noopener,noreferrer')}
                  >
                    {t('admin.editProduct')}
                  </Button>
                </>
              )}
            </Space>
            {details.length > 0 && (
              <Disclosure className="kl-product-details" items={details} defaultOpen={['description']} />
            )}
          </div>
        </div>
      </HydrateLater>
      <HydrateLater>
        <section style={{ marginTop: 32 }}>
          <Typography.Title level={3}>{t('product.otherPrices')}</Typography.Title>
          <PriceList product={product} />
        </section>
      </HydrateLater>
      <HydrateLater>
        <PriceHistorySlot productId={product.id} />
      </HydrateLater>
      <HydrateLater>
        <Related product={product} />
      </HydrateLater>
      {assigning && (
        <Suspense fallback={null}>
          <AssignCategoriesModal product={product} onClose={() => setAssigning(false)} />
        </Suspense>
      )}
    </article>
  );
}
