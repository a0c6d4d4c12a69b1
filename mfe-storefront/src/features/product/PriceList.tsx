/**
 * Every current offer: store (linking to its page, with its rating), price, shipping (or free),
 * total, delivery time, lowest marker, 'view offer', and 'report a wrong price'.
 */
import { Link } from 'react-router-dom';
import { formatMoney, type Product, TAG_COLORS } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { oneDecimal } from '../store-page/rating-format';
import { StoreLogo } from '../store-page/StoreLogo';
import { useClickOut } from '../click-out/click-out';
import { ReportPriceButton } from '../price-report/ReportPriceButton';
import { Button } from '../../lib/button';
import { Space } from '../../lib/space';
import { Tag } from '../../lib/tag';
import { Typography } from '../../lib/typography';

export function PriceList({ product }: { product: Product }) {
  const { t, i18n } = useStorefrontT();
  const clickOut = useClickOut();
  const prices = product.prices ?? [];
  if (prices.length === 0) return <Typography.Text type="secondary">{t('product.noPrices')}</Typography.Text>;
  return (
    <ul className="kl-offer-list" aria-label={t('product.otherPrices')}>
      {prices.map((price) => (
        <li key={price.id} className="kl-offer" data-testid="offer">
          <div className="kl-offer-details">
            <Space>
              <StoreLogo logo={price.store.logo} logoCopy={price.store.logoCopy} height={20} maxWidth={80} />
              <Typography.Text strong>
                {price.store.slug ? <Link to={`/store/${price.store.slug}`}>{price.store.name}</Link> : price.store.name}
              </Typography.Text>
              {price.store.rating && price.store.rating.average !== null && (
                <Typography.Text type="secondary">
                  {t('product.storeRating', {
                    average: oneDecimal(price.store.rating.average, i18n.resolvedLanguage ?? 'nl'),
                    count: price.store.rating.count,
                  })}
                </Typography.Text>
              )}
              {price.isLowest && <Tag color={TAG_COLORS.green}>{t('product.lowestPrice')}</Tag>}
              {price.inStock === false && <Tag>{t('product.outOfStock')}</Tag>}
            </Space>
            <Typography.Text>
              {t('product.priceLine', { amount: formatMoney(price.amount) })}{' '}
              {/* Only a "from" price the store charged in the last 30 days reaches us (docs/product.md "Honest deals"). */}
              {typeof price.fromPrice === 'number' && price.fromPrice > price.amount && (
                <>
                  <Typography.Text delete type="secondary">
                    {t('deals.wasPrice', { price: formatMoney(price.fromPrice) })}
                  </Typography.Text>{' '}
                </>
              )}
              {price.shipping === 0 ? (
                <Tag color="blue">{t('product.freeShipping')}</Tag>
              ) : (
                t('product.shippingLine', { shipping: formatMoney(price.shipping) })
              )}
            </Typography.Text>
            <Typography.Text strong>{t('product.totalLine', { total: formatMoney(price.total) })}</Typography.Text>
            {price.deliveryTime && (
              <Typography.Text type="secondary">{t('product.deliveryTime', { time: price.deliveryTime })}</Typography.Text>
            )}
            <ReportPriceButton price={price} productName={product.name} />
          </div>
          <Button variant="primary" onClick={() => clickOut(product, price)} aria-label={t('product.viewOfferAt', { store: price.store.name })}>
            {t('product.viewOffer')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
