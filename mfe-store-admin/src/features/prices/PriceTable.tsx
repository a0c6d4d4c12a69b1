/** The offers table of the Prices tab and the prices page; a row opens the offer. */
import type { Pagination } from '@koopjesland/shared';
import { useNamespaceT, formatMoney } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useAdminUrls } from '@koopjesland/shared/admin';
import { Table, Tag } from 'antd';
import type { TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import type { AdminPrice, PriceSortField, PricesResponse } from './prices-api';

/** What the table needs of `useServerTable`. */
interface PriceTableState {
  sortableColumn: (field: PriceSortField) => { key: string; sorter: boolean; sortOrder: SortOrder };
  tableProps: <Row>(pagination: Pagination | undefined) => Pick<TableProps<Row>, 'pagination' | 'onChange'>;
}

export const isExpired = (price: AdminPrice, now = Date.now()) => price.validTo !== null && new Date(price.validTo).getTime() <= now;

export function PriceTable({
  table,
  data,
  loading,
  showStore,
}: {
  table: PriceTableState;
  data: PricesResponse | undefined;
  loading: boolean;
  showStore: boolean;
}) {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();

  const columns: TableProps<AdminPrice>['columns'] = [
    {
      ...table.sortableColumn('productName'),
      title: t('prices.fields.product'),
      render: (_value, price) => (
        <>
          {price.product?.name ?? `#${price.productId}`} {isExpired(price) ? <Tag>{t('prices.expired')}</Tag> : null}
        </>
      ),
    },
    ...(showStore
      ? [{ ...table.sortableColumn('storeName'), title: t('prices.fields.store'), render: (_value: unknown, price: AdminPrice) => price.store.name }]
      : []),
    { ...table.sortableColumn('total'), title: t('prices.fields.total'), align: 'right', render: (_value, price) => formatMoney(price.total) },
    { ...table.sortableColumn('amount'), title: t('prices.fields.amount'), align: 'right', render: (_value, price) => formatMoney(price.amount) },
    { ...table.sortableColumn('shipping'), title: t('prices.fields.shipping'), align: 'right', render: (_value, price) => formatMoney(price.shipping) },
    { ...table.sortableColumn('validFrom'), title: t('prices.fields.validFrom'), render: (_value, price) => dates.dateTime(price.validFrom) },
    {
      ...table.sortableColumn('validTo'),
      title: t('prices.fields.validTo'),
      render: (_value, price) => (price.validTo ? dates.dateTime(price.validTo) : t('prices.noExpiry')),
    },
    { ...table.sortableColumn('lastSeen'), title: t('prices.fields.lastSeen'), render: (_value, price) => dates.dateTime(price.lastSeen) },
  ];

  return (
    <Table<AdminPrice>
      rowKey="id"
      columns={columns}
      dataSource={data?.prices ?? []}
      {...tableLoading(loading, t('prices.empty'))}
      onRow={(price) => ({ onClick: () => navigate(urls.prices.detail(price.id)), style: { cursor: 'pointer' } })}
      scroll={{ x: true }}
      {...table.tableProps<AdminPrice>(data?.pagination)}
    />
  );
}
