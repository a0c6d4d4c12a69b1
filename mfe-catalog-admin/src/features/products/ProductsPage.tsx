/**
 * /admin/products (docs/product.md §2 "Admin products", §4 selection modes): server-side search
 * (debounced), filters, sort and page in the address; select rows, the page or everything that
 * matches, and assign the selection to categories or disconnect it from all its categories (after a
 * confirmation naming the count).
 */
import { PlusOutlined } from '@ant-design/icons';
import { useNamespaceT, formatMoney, type Product } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useAdminMutation, useAdminNotices, useAdminUrls, useConfirm, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Button, Checkbox, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { CategoryPicker } from '../category-aliases/CategoryPicker';
import { AssignToCategoriesModal } from './AssignToCategories';
import {
  listFilters,
  PRODUCT_FILTER_KEYS,
  PRODUCT_SORT_FIELDS,
  PRODUCTS_DEFAULT_SORT,
  useBrandsQuery,
  useDisconnectProductsMutation,
  useProductsQuery,
  useStoresQuery,
} from './products-api';
import { checkedRows, NO_SELECTION, selectionCount, type ProductSelection } from './selection';

export function ProductsPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const notices = useAdminNotices();
  const run = useAdminMutation();
  const confirm = useConfirm();
  const table = useServerTable({
    sortFields: PRODUCT_SORT_FIELDS,
    defaultSort: PRODUCTS_DEFAULT_SORT,
    filterKeys: PRODUCT_FILTER_KEYS,
  });
  const { data, error, isFetching } = useProductsQuery(table.query);
  const brands = useBrandsQuery();
  const stores = useStoresQuery();
  const [disconnect, disconnecting] = useDisconnectProductsMutation();
  const [selection, setSelection] = useState<ProductSelection>(NO_SELECTION);
  const pageIds = (data?.products ?? []).map((product) => product.id);
  const total = data?.pagination.totalItems ?? 0;
  const count = selectionCount(selection, total);

  const setFilter = (key: (typeof PRODUCT_FILTER_KEYS)[number], value: string | undefined) => {
    setSelection(NO_SELECTION);
    table.setFilter(key, value);
  };

  const [assigning, setAssigning] = useState(false);
  const selectionTarget = () =>
    selection.mode === 'matching' ? { filters: listFilters(table.query) } : { productIds: selection.ids };

  const disconnectSelection = async () => {
    const confirmed = await confirm({
      content: { text: t('products.bulk.confirmDisconnect', { count }) },
      danger: true,
      okText: t('products.bulk.disconnect'),
    });
    if (!confirmed) return;
    const disconnected = await run(disconnect(selectionTarget()), { failure: t('products.bulk.disconnectFailed') });
    if (!disconnected) return;
    notices.success(t('products.bulk.disconnected', { count: disconnected.data.productCount }));
    setSelection(NO_SELECTION);
  };

  const columns: TableProps<Product>['columns'] = [
    {
      ...table.sortableColumn('name'),
      title: t('products.fields.name'),
      render: (_value, product) => (
        <Flex vertical>
          <span>{product.name}</span>
          {product.brand ? <Typography.Text type="secondary">{product.brand}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'categories',
      title: t('products.fields.categories'),
      render: (_value, product) =>
        product.categories?.slice(0, 2).map((category) => <Tag key={category.id}>{category.name}</Tag>),
    },
    {
      ...table.sortableColumn('lowestPrice.total'),
      title: t('products.fields.lowestPrice'),
      render: (_value, product) => (product.lowestPrice ? formatMoney(product.lowestPrice.total) : t('common.na')),
    },
    {
      ...table.sortableColumn('offerCount'),
      title: t('products.fields.offers'),
      render: (_value, product) => product.offerCount ?? product._count?.prices ?? 0,
    },
    { ...table.sortableColumn('views'), title: t('products.fields.views'), dataIndex: 'views' },
    {
      ...table.sortableColumn('createdAt'),
      title: t('products.fields.createdAt'),
      dataIndex: 'createdAt',
      render: (value: string) => dates.dateTime(value),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('products.titles.list')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(urls.products.create())}>
          {t('products.buttons.new')}
        </Button>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Input.Search
          aria-label={t('products.search')}
          placeholder={t('products.search')}
          allowClear
          value={table.search.value}
          onChange={(event) => {
            setSelection(NO_SELECTION);
            table.search.onChange(event.target.value);
          }}
          style={{ maxWidth: 320 }}
        />
        <div style={{ width: 220 }}>
          <CategoryPicker
            ariaLabel={t('products.filters.category')}
            placeholder={t('products.filters.category')}
            value={table.query.filters.category ? Number(table.query.filters.category) : null}
            onChange={(categoryId) => setFilter('category', categoryId === null ? undefined : String(categoryId))}
          />
        </div>
        <Select
          aria-label={t('products.filters.brand')}
          placeholder={t('products.filters.brand')}
          allowClear
          showSearch
          style={{ width: 180 }}
          value={table.query.filters.brand}
          onChange={(brand?: string) => setFilter('brand', brand)}
          options={(brands.data ?? []).map((brand) => ({ value: brand, label: brand }))}
        />
        <Select
          aria-label={t('products.filters.store')}
          placeholder={t('products.filters.store')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 180 }}
          value={table.query.filters.storeId}
          onChange={(storeId?: string) => setFilter('storeId', storeId)}
          options={(stores.data ?? []).map((store) => ({ value: String(store.id), label: store.name }))}
        />
        <Checkbox
          checked={table.query.filters.hasNoCategory === 'true'}
          onChange={(event) => setFilter('hasNoCategory', event.target.checked ? 'true' : undefined)}
        >
          {t('products.filters.hasNoCategory')}
        </Checkbox>
        <Checkbox
          checked={table.query.filters.hasNoOffers === 'true'}
          onChange={(event) => setFilter('hasNoOffers', event.target.checked ? 'true' : undefined)}
        >
          {t('products.filters.hasNoOffers')}
        </Checkbox>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Space.Compact>
          <Button
            type={selection.mode === 'page' ? 'primary' : 'default'}
            disabled={pageIds.length === 0}
            onClick={() => setSelection({ mode: 'page', ids: pageIds })}
          >
            {t('products.bulk.selectPage')}
          </Button>
          <Button
            type={selection.mode === 'matching' ? 'primary' : 'default'}
            disabled={total === 0}
            onClick={() => setSelection({ mode: 'matching' })}
          >
            {t('products.bulk.selectMatching', { count: total })}
          </Button>
          <Button disabled={count === 0} onClick={() => setSelection(NO_SELECTION)}>
            {t('products.bulk.clear')}
          </Button>
        </Space.Compact>
        <span>{t('products.bulk.selected', { count })}</span>
        <Button disabled={count === 0} onClick={() => setAssigning(true)}>
          {t('products.bulk.assign')}
        </Button>
        <Button
          danger
          disabled={count === 0}
          loading={disconnecting.isLoading}
          onClick={() => void disconnectSelection()}
        >
          {t('products.bulk.disconnect')}
        </Button>
      </Flex>
      {assigning ? (
        <AssignToCategoriesModal
          count={count}
          target={selectionTarget()}
          onClose={(assigned) => {
            setAssigning(false);
            if (assigned) setSelection(NO_SELECTION);
          }}
        />
      ) : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('products.loadFailed')}
          description={'message' in error ? error.message : undefined}
        />
      ) : null}
      <Table<Product>
        rowKey="id"
        columns={columns}
        dataSource={data?.products ?? []}
        {...tableLoading(isFetching, t('products.empty'))}
        rowSelection={{
          selectedRowKeys: checkedRows(selection, pageIds),
          getCheckboxProps: () => ({ disabled: selection.mode === 'matching' }),
          hideSelectAll: true,
          // Picking rows by hand is the individual mode: it ends 'all on page' and 'all matching'.
          onChange: (keys) => setSelection({ mode: 'individual', ids: keys.map(Number) }),
          preserveSelectedRowKeys: true,
        }}
        onRow={(product) => ({
          onClick: (event) => {
            // A click on the row's checkbox selects it; anywhere else opens the product.
            if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
            navigate(urls.products.detail(product.id));
          },
          style: { cursor: 'pointer' },
        })}
        {...table.tableProps<Product>(data?.pagination)}
      />
    </Flex>
  );
}
