/** Current Prices (current offers) and All Prices (every offer, expired ones too) of a product. */
import { tableLoading, useAdminDates } from '@koopjesland/shared/admin';
import { useNamespaceT, formatMoney, type Price } from '@koopjesland/shared';
import { Alert, Table } from 'antd';
import type { TableProps } from 'antd';
import { NAMESPACE } from '../../i18n';
import { useProductPricesQuery } from './products-api';

export function PricesTab({ productId, active }: { productId: number; active: boolean }) {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const prices = useProductPricesQuery({ id: productId, active });
  const columns: TableProps<Price>['columns'] = [
    { key: 'store', title: t('prices.store'), render: (_value, price) => price.store.name },
    { key: 'amount', title: t('prices.amount'), render: (_value, price) => formatMoney(price.amount) },
    { key: 'shipping', title: t('prices.shipping'), render: (_value, price) => formatMoney(price.shipping) },
    { key: 'total', title: t('prices.total'), render: (_value, price) => formatMoney(price.total) },
    { key: 'validFrom', title: t('prices.validFrom'), render: (_value, price) => dates.dateTime(price.validFrom) },
    {
      key: 'validTo',
      title: t('prices.validTo'),
      render: (_value, price) => (price.validTo ? dates.dateTime(price.validTo) : t('prices.noExpiry')),
    },
    { key: 'lastSeen', title: t('prices.lastSeen'), render: (_value, price) => dates.dateTime(price.lastSeen) },
  ];
  return (
    <>
      {prices.isError ? (
        <Alert type="error" showIcon title={active ? t('prices.loadFailed') : t('prices.loadAllFailed')} />
      ) : null}
      <Table<Price>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={prices.data ?? []}
        {...tableLoading(prices.isFetching, t('prices.empty'))}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </>
  );
}
