/** One product in a grid (card) or a row list: image, brand, name, lowest price, drop badge, deal badge. */
import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, formatPercentChange, type Product, TAG_COLORS } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useCanEditCatalog } from '../../lib/admin-access';
import { CardWishlistHeart } from '../wishlist/CardWishlistHeart';
import { CompareToggle } from '../compare/CompareToggle';
import { DealBadge } from './DealBadge';
import { productPath } from '../../lib/paths';
import { Typography } from '../../lib/typography';
import { Button } from '../../lib/button';
import { Card } from '../../lib/card';
import { Tag } from '../../lib/tag';
import { lazyWithAntd } from '../../lib/lazy-with-antd';
import { shownImage } from '../../lib/shown-image';

const AssignCategoriesModal = lazyWithAntd(() => import('../admin-modals/catalog-modals').then((modals) => ({ default: modals.AssignCategoriesModal })));

export type DisplayType = 'grid' | 'rows';

const DESCRIPTION_LIMIT = 150;

/** Drop badge only when percentageChange is below 0 and a priceChange exists (docs/product.md §5). */
export function hasPriceDrop(product: Pick<Product, 'percentageChange' | 'priceChange'>): boolean {
  return product.percentageChange !== null && product.percentageChange < 0 && product.priceChange !== null;
}

export function truncateDescription(text: string | null): string {
  if (!text) return '';
  return text.length > DESCRIPTION_LIMIT ? `${text.slice(0, DESCRIPTION_LIMIT)}...` : text;
}

/** `eager`: in the first screen (loaded at once, early); any other image loads when scrolled near. */
function ProductImage({ product, size, eager }: { product: Product; size: number; eager: boolean }) {
  const { t } = useStorefrontT();
  const image = product.image ? shownImage(product.image, product.imageCopy) : null;
  return image ? (
    <img
      src={image.src}
      srcSet={image.srcSet}
      // The card's image box is `size` pixels high, about as wide: the browser picks 1x or 2x.
      sizes={image.srcSet ? `${size}px` : undefined}
      alt={product.name}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      style={{ width: '100%', height: size, objectFit: 'contain', background: '#fff' }}
    />
  ) : (
    <div className="kl-no-image" style={{ height: size, display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      {t('product.noImage')}
    </div>
  );
}

export function ProductCard({
  product,
  displayType = 'grid',
  eagerImage = false,
  headingLevel = 3,
}: {
  product: Product;
  displayType?: DisplayType;
  eagerImage?: boolean;
  /** The title's level in the page's outline: one below the heading the card is listed under. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useStorefrontT();
  const canEditCatalog = useCanEditCatalog();
  const [assigning, setAssigning] = useState(false);
  const badges = (product.categories ?? []).slice(0, displayType === 'rows' ? 2 : 1);
  const price = product.lowestPrice;

  const body = (
    <>
      {product.brand && <Typography.Text type="secondary">{product.brand}</Typography.Text>}
      <Typography.Title level={headingLevel} size={5} style={{ margin: 0 }}>
        <Link to={productPath(product)}>{product.name}</Link>
      </Typography.Title>
      {displayType === 'rows' && product.description && (
        <Typography.Paragraph type="secondary" className="kl-card-description">
          {truncateDescription(product.description)}
        </Typography.Paragraph>
      )}
      <div>
        {badges.map((category) => (
          <Tag key={category.id}>{category.name}</Tag>
        ))}
        {hasPriceDrop(product) && <Tag color={TAG_COLORS.green}>{formatPercentChange(product.percentageChange)}</Tag>}
        <DealBadge product={product} />
      </div>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        {price ? (
          <Typography.Text strong>
            {t('product.fromPrice', { price: formatMoney(price.total), store: price.store.name })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('product.noPrices')}</Typography.Text>
        )}
        <CardWishlistHeart product={product} />
      </div>
      <div>
        <CompareToggle product={product} size="small" />
      </div>
      {canEditCatalog && (
        <div>
          <Button size="small" onClick={() => setAssigning(true)}>
            {t('admin.assignCategories')}
          </Button>
          {assigning && (
            <Suspense fallback={null}>
              <AssignCategoriesModal product={product} onClose={() => setAssigning(false)} />
            </Suspense>
          )}
        </div>
      )}
    </>
  );

  if (displayType === 'rows') {
    return (
      <Card size="small" data-testid="product-row">
        <div style={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 16 }}>
          <Link to={productPath(product)} aria-hidden tabIndex={-1}>
            <ProductImage product={product} size={120} eager={eagerImage} />
          </Link>
          <div>{body}</div>
        </div>
      </Card>
    );
  }
  return (
    <Card
      size="small"
      data-testid="product-card"
      cover={
        <Link to={productPath(product)} aria-hidden tabIndex={-1}>
          <ProductImage product={product} size={180} eager={eagerImage} />
        </Link>
      }
    >
      {body}
    </Card>
  );
}
