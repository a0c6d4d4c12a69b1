/**
 * /wishlist, "My wishlist" (issue "Price intelligence", part 3): each saved product with its
 * current lowest price and store, the visitor's target and whether it is reached; edit the target
 * or remove the item (the same modal as the product page). Closest to its target first: reached
 * items lead, products without a current price come last. Signed-out visitors sign in first.
 */
import { Alert, Button, Empty, Flex, Spin, Switch, Tag } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { errorMessage, formatMoney, selectIsAuthenticated, TAG_COLORS, useAuthStore, type Product, type WishlistItem } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { Typography } from '../../lib/typography';
import { loginPathFor } from '../login/redirect';
import { productPath } from '../../lib/paths';
import { PageHead } from '../seo/PageHead';
import { usePriceAlertSettingsQuery, useSetPriceAlertsMutation, useWishlistQuery } from './api';
import { useNotify } from '../notifications/notifications';
import { Card } from '../../lib/card';
import { lazyWithAntd } from '../../lib/lazy-with-antd';
import { shownImage } from '../../lib/shown-image';

const WishlistModal = lazyWithAntd(() => import('./WishlistModal'));

/** Lowest total over target: 0.8 is 20 % under it, 1.25 is 25 % above; no price sorts last. */
const closeness = (item: WishlistItem) =>
  item.product?.lowestPrice ? item.product.lowestPrice.total / Math.max(item.maxPrice, 1) : Number.POSITIVE_INFINITY;

export function byClosenessToTarget(items: readonly WishlistItem[]): WishlistItem[] {
  return [...items].sort((a, b) => closeness(a) - closeness(b) || a.id - b.id);
}

function WishlistEntry({ item, onEdit }: { item: WishlistItem & { product: Product }; onEdit(): void }) {
  const { t } = useStorefrontT();
  const { product } = item;
  const lowest = product.lowestPrice;
  const reached = lowest !== null && lowest.total <= item.maxPrice;
  const image = product.image ? shownImage(product.image, product.imageCopy) : null;
  return (
    <Card size="small" data-testid="wishlist-item">
      <div style={{ display: 'grid', gridTemplateColumns: '96px 1fr auto', gap: 16, alignItems: 'center' }}>
        <Link to={productPath(product)} aria-hidden tabIndex={-1}>
          {image ? (
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes={image.srcSet ? '96px' : undefined}
              alt=""
              width={96}
              height={96}
              loading="lazy"
              style={{ objectFit: 'contain', background: '#fff' }}
            />
          ) : (
            <div style={{ width: 96, height: 96, display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>{t('product.noImage')}</div>
          )}
        </Link>
        <Flex vertical gap={4}>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            <Link to={productPath(product)}>{product.name}</Link>
          </Typography.Title>
          <Typography.Text>
            {lowest
              ? t('wishlistPage.lowest', { price: formatMoney(lowest.total), store: lowest.store.name })
              : t('product.noPrices')}
          </Typography.Text>
          <Typography.Text type="secondary">{t('wishlistPage.target', { price: formatMoney(item.maxPrice) })}</Typography.Text>
          {reached && (
            <span>
              <Tag color={TAG_COLORS.green}>{t('wishlistPage.reached')}</Tag>
            </span>
          )}
        </Flex>
        <Button onClick={onEdit} aria-label={t('wishlistPage.editOf', { product: product.name })}>
          {t('wishlistPage.edit')}
        </Button>
      </div>
    </Card>
  );
}

/** Price alert mails on or off (off after an unsubscribe link too); hidden while unknown. */
function PriceAlertSetting({ viewer }: { viewer: number }) {
  const { t } = useStorefrontT();
  const notification = useNotify();
  const settings = usePriceAlertSettingsQuery(viewer);
  const [setPriceAlerts, saving] = useSetPriceAlertsMutation();
  if (!settings.data) return null;
  const change = async (enabled: boolean) => {
    try {
      await setPriceAlerts({ enabled }).unwrap();
    } catch {
      notification.error({ title: t('wishlistPage.alertsFailed') });
    }
  };
  return (
    <Flex vertical gap={4}>
      <Flex align="center" gap={8}>
        <Switch
          id="price-alert-setting"
          checked={settings.data.enabled}
          loading={saving.isLoading || settings.isFetching}
          onChange={(enabled) => void change(enabled)}
        />
        <label htmlFor="price-alert-setting">{t('wishlistPage.alerts')}</label>
      </Flex>
      <Typography.Text type="secondary">{settings.data.enabled ? t('wishlistPage.alertsOn') : t('wishlistPage.alertsOff')}</Typography.Text>
    </Flex>
  );
}

export default function WishlistPage() {
  const { t } = useStorefrontT();
  const location = useLocation();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const viewer = useAuthStore((auth) => auth.user?.id ?? null);
  const wishlist = useWishlistQuery(viewer ?? 0, { skip: !signedIn || viewer === null });
  const [editing, setEditing] = useState<(WishlistItem & { product: Product }) | null>(null);
  if (!signedIn) return <Navigate to={loginPathFor(location)} replace />;

  const items = byClosenessToTarget((wishlist.data ?? []).filter((item) => item.product)) as (WishlistItem & { product: Product })[];
  let content;
  if (wishlist.isLoading) content = <Spin />;
  else if (wishlist.isError) content = <Alert type="error" showIcon title={t('wishlist.fetchFailed')} description={errorMessage(wishlist.error, '')} />;
  else if (items.length === 0) content = <Empty description={t('wishlistPage.empty')} />;
  else content = items.map((item) => <WishlistEntry key={item.id} item={item} onEdit={() => setEditing(item)} />);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 880, margin: '0 auto', width: '100%' }}>
      <PageHead title={t('wishlistPage.title')} noindex />
      <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
        {t('wishlistPage.title')}
      </Typography.Title>
      {viewer !== null && <PriceAlertSetting viewer={viewer} />}
      {content}
      {editing && (
        <Suspense fallback={null}>
          <WishlistModal
            product={editing.product}
            state={{ isWishlisted: true, wishlistItemId: editing.id, maxPrice: editing.maxPrice }}
            onClose={() => setEditing(null)}
            onChange={() => undefined}
          />
        </Suspense>
      )}
    </Flex>
  );
}
