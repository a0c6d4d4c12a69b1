/**
 * The Products tab: the store's products, searchable, sortable and paged on the server (state in
 * the address); name with image and brand, lowest price or 'N/A', price count, created. A row
 * opens the product in the catalog admin (a path relative to the admin area).
 */
import type { Store } from '@koopjesland/shared';
import { useNamespaceT, formatMoney } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useAdminKitT, useAdminUrls, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Avatar, Flex, Input, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { STORE_PRODUCT_SORT_FIELDS, useStoreProductsQuery, type StoreProduct } from './stores-api';
import { ownUpload } from './StoreLogo';

const DEFAULT_SORT = { sortBy: 'name', sortOrder: 'asc' } as const;

export function StoreProductsTab({ store }: { store: Store }) {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const { t: kitT } = useAdminKitT();
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const table = useServerTable({ sortFields: STORE_PRODUCT_SORT_FIELDS, defaultSort: DEFAULT_SORT });
  const { page, limit, sortBy, sortOrder, search } = table.query;
  const { data, error, isFetching } = useStoreProductsQuery({ storeId: store.id, page, limit, sortBy, sortOrder, search });

  const columns: TableProps<StoreProduct>['columns'] = [
    {
      ...table.sortableColumn('name'),
      title: t('products.fields.name'),
      render: (_value, product) => (
        <Flex gap={12} align="center">
          <Avatar shape="square" size={40} src={product.imageCopy?.src ?? (product.image && ownUpload(product.image) ? product.image : undefined)} alt={product.name}>
            {product.name.slice(0, 1)}
          </Avatar>
          <Flex vertical>
            <Typography.Text>{product.name}</Typography.Text>
            {product.brand ? <Typography.Text type="secondary">{product.brand}</Typography.Text> : null}
          </Flex>
        </Flex>
      ),
    },
    {
      ...table.sortableColumn('lowestPrice'),
      title: t('products.fields.lowestPrice'),
      align: 'right',
      render: (_value, product) => (product.lowestPrice === null ? t('products.noPrice') : formatMoney(product.lowestPrice)),
    },
    { ...table.sortableColumn('priceCount'), title: t('products.fields.priceCount'), align: 'right', dataIndex: 'priceCount' },
    { ...table.sortableColumn('createdAt'), title: t('products.fields.created'), render: (_value, product) => dates.dateTime(product.createdAt) },
  ];

  return (
    <Flex vertical gap={16}>
      <Input.Search
        allowClear
        placeholder={kitT('search.placeholder')}
        aria-label={kitT('search.placeholder')}
        value={table.search.value}
        onChange={(event) => table.search.onChange(event.target.value)}
        style={{ maxWidth: 360 }}
      />
      {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={error.message} /> : null}
      <Table<StoreProduct>
        rowKey="id"
        columns={columns}
        dataSource={data?.products ?? []}
        {...tableLoading(isFetching, t('products.empty'))}
        onRow={(product) => ({ onClick: () => navigate(urls.products.detail(product.id)), style: { cursor: 'pointer' } })}
        {...table.tableProps<StoreProduct>(data?.pagination)}
      />
    </Flex>
  );
}
