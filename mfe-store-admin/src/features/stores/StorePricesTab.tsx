/**
 * The Prices tab: the store's offers with product, total, base price, shipping, valid from, valid
 * to ('No expiry' when empty) and last seen; current or expired ones; Delete All Prices,
 * disabled when the store has none.
 */
import type { Store } from '@koopjesland/shared';
import { useServerTable } from '@koopjesland/shared/admin';
import { Alert, Flex } from 'antd';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { PriceStatusFilter } from '../prices/PriceStatusFilter';
import { PriceTable } from '../prices/PriceTable';
import { PRICE_SORT_FIELDS, usePricesQuery, type PriceSortField } from '../prices/prices-api';
import { DeleteAllPricesButton } from './DeleteAllPrices';

const DEFAULT_SORT = { sortBy: 'total' as PriceSortField, sortOrder: 'asc' } as const;

export function StorePricesTab({ store }: { store: Store }) {
  const { t } = useNamespaceT(NAMESPACE);
  const table = useServerTable({ sortFields: PRICE_SORT_FIELDS, defaultSort: DEFAULT_SORT, filterKeys: ['status'] as const });
  const { page, limit, sortBy, sortOrder, filters } = table.query;
  const { data, error, isFetching } = usePricesQuery({ page, limit, sortBy, sortOrder, storeId: store.id, status: filters.status });
  const none = (store._count?.prices ?? 0) === 0 && (data?.pagination.totalItems ?? 0) === 0;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" gap={16} wrap>
        <PriceStatusFilter value={filters.status} onChange={(status) => table.setFilter('status', status)} />
        <DeleteAllPricesButton store={store} disabled={none} />
      </Flex>
      {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={error.message} /> : null}
      <PriceTable table={table} data={data} loading={isFetching} showStore={false} />
    </Flex>
  );
}
