/**
 * /admin/prices: every offer with filters for product, store, current or
 * expired and a price range typed in euros and sent as cents by rounding (docs/product.md §5);
 * sort and paging on the server, all of it in the address; a row opens the offer.
 */
import { PlusOutlined } from '@ant-design/icons';
import { EuroInput, useAdminUrls, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Button, Flex, Input, Select, Typography } from 'antd';
import { useNamespaceT } from '@koopjesland/shared';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { PriceStatusFilter } from './PriceStatusFilter';
import { PriceTable } from './PriceTable';
import { PRICE_FILTER_KEYS, PRICE_SORT_FIELDS, usePricesQuery, useStoreOptionsQuery, type PriceSortField } from './prices-api';
import { ProductSelect } from './ProductSelect';

/** The API's default: newest first. */
const DEFAULT_SORT = { sortBy: 'createdAt' as PriceSortField, sortOrder: 'desc' } as const;

const centsOrUndefined = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

export function PricesPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const table = useServerTable({ sortFields: PRICE_SORT_FIELDS, defaultSort: DEFAULT_SORT, filterKeys: PRICE_FILTER_KEYS });
  const { page, limit, sortBy, sortOrder, search, filters } = table.query;
  const { data, error, isFetching } = usePricesQuery({ page, limit, sortBy, sortOrder, search, ...filters });
  const stores = useStoreOptionsQuery();
  const productId = centsOrUndefined(filters.productId);
  const setCents = (key: 'minPrice' | 'maxPrice') => (cents: number | null) =>
    table.setFilter(key, cents === null ? undefined : String(cents));

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('prices.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(urls.prices.create())}>
          {t('prices.buttons.add')}
        </Button>
      </Flex>
      <Flex gap={12} wrap align="center">
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('prices.filters.search')}
          aria-label={t('prices.filters.search')}
          value={table.search.value}
          onChange={(event) => table.search.onChange(event.target.value)}
        />
        <ProductSelect
          allowClear
          style={{ width: 280 }}
          placeholder={t('prices.filters.product')}
          aria-label={t('prices.filters.product')}
          value={productId}
          selectedLabel={data?.prices.find((price) => price.productId === productId)?.product?.name}
          onChange={(id) => table.setFilter('productId', id ? String(id) : undefined)}
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          placeholder={t('prices.filters.store')}
          aria-label={t('prices.filters.store')}
          loading={stores.isLoading}
          value={centsOrUndefined(filters.storeId)}
          options={(stores.data ?? []).map((store) => ({ value: store.id, label: store.name }))}
          onChange={(id) => table.setFilter('storeId', id ? String(id) : undefined)}
        />
        <PriceStatusFilter value={filters.status} onChange={(status) => table.setFilter('status', status)} />
        <EuroInput
          style={{ width: 140 }}
          placeholder={t('prices.filters.minPrice')}
          aria-label={t('prices.filters.minPrice')}
          value={centsOrUndefined(filters.minPrice) ?? null}
          onChange={setCents('minPrice')}
        />
        <EuroInput
          style={{ width: 140 }}
          placeholder={t('prices.filters.maxPrice')}
          aria-label={t('prices.filters.maxPrice')}
          value={centsOrUndefined(filters.maxPrice) ?? null}
          onChange={setCents('maxPrice')}
        />
      </Flex>
      {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={error.message} /> : null}
      <PriceTable table={table} data={data} loading={isFetching} showStore />
    </Flex>
  );
}
