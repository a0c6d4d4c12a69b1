/** Every current offer: store, price, shipping (or free), total, delivery time, lowest marker, 'view offer'. */
import { Button, List, Space, Tag } from 'antd';
import { formatMoney, type Price, type Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { clickOut } from '../click-out/click-out';
import { Typography } from '../../lib/typography';

export function PriceList({ product }: { product: Product }) {
  const { t } = useStorefrontT();
  const prices = product.prices ?? [];
  if (prices.length === 0) return <Typography.Text type="secondary">{t('product.noPrices')}</Typography.Text>;
  return (
    <List<Price>
      aria-label={t('product.otherPrices')}
      dataSource={prices}
      renderItem={(price) => (
        <List.Item
          data-testid="offer"
          actions={[
            <Button key="view" type="primary" onClick={() => clickOut(product, price)} aria-label={t('product.viewOfferAt', { store: price.store.name })}>
              {t('product.viewOffer')}
            </Button>,
          ]}
        >
          <Space direction="vertical" size={0}>
            <Space>
              {price.store.logo && <img src={price.store.logo} alt="" style={{ height: 20 }} />}
              <Typography.Text strong>{price.store.name}</Typography.Text>
              {price.isLowest && <Tag color="green">{t('product.lowestPrice')}</Tag>}
            </Space>
            <Typography.Text>
              {t('product.priceLine', { amount: formatMoney(price.amount) })}{' '}
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
          </Space>
        </List.Item>
      )}
    />
  );
}
