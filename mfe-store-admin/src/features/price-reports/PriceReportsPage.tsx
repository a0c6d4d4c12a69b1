/**
 * /admin/price-reports: visitors' wrong-price reports, grouped per offer: the
 * offer, its store, the reasons with their counts, the number of reports, the first and last
 * report and the latest notes. Resolve by hiding the offer (not shown to visitors and never the
 * lowest price until the store's feed imports it again) or by dismissing the reports; both ask
 * first. A store manager sees only their stores' reports. Sort, filter and page live in the
 * address (useServerTable).
 */
import { useNamespaceT, formatMoney, PRICE_REPORT_SORT_FIELDS, type PriceReportGroup, type PriceReportSortField } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useAdminMutation, useConfirm, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Button, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { NAMESPACE } from '../../i18n';
import { useStoreOptionsQuery } from '../prices/prices-api';
import {
  PRICE_REPORT_FILTER_KEYS,
  usePriceReportsQuery,
  useResolvePriceReportsMutation,
  type PriceReportDecision,
} from './price-reports-api';

const DEFAULT_SORT = { sortBy: 'lastReportedAt' as PriceReportSortField, sortOrder: 'desc' } as const;

const idOrUndefined = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

export function PriceReportsPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const run = useAdminMutation();
  const confirm = useConfirm();
  const table = useServerTable({
    sortFields: PRICE_REPORT_SORT_FIELDS,
    defaultSort: DEFAULT_SORT,
    filterKeys: PRICE_REPORT_FILTER_KEYS,
  });
  const { page, limit, sortBy, sortOrder, filters } = table.query;
  const { data, error, isFetching } = usePriceReportsQuery({ page, limit, sortBy, sortOrder, ...filters });
  const stores = useStoreOptionsQuery();
  const [resolve, resolving] = useResolvePriceReportsMutation();

  const decide = async (group: PriceReportGroup, decision: PriceReportDecision) => {
    const values = { price: formatMoney(group.offer.total), product: group.product.name, store: group.store.name };
    const confirmed = await confirm({
      title: t(`priceReports.${decision}.confirmTitle`),
      content: { text: t(`priceReports.${decision}.confirm`, values) },
      danger: decision === 'hide',
      okText: t(`priceReports.${decision}.button`),
    });
    if (!confirmed) return;
    await run(resolve({ priceId: group.priceId, decision }), { success: t(`priceReports.${decision}.done`, values), failure: t('priceReports.failed') });
  };

  const busy = (group: PriceReportGroup) => resolving.isLoading && resolving.originalArgs?.priceId === group.priceId;

  const columns: TableProps<PriceReportGroup>['columns'] = [
    {
      key: 'offer',
      title: t('priceReports.fields.offer'),
      render: (_value, group) => (
        <Flex vertical>
          <Typography.Text strong>{group.product.name}</Typography.Text>
          <Space size={4} wrap>
            <Typography.Link href={group.offer.url} target="_blank" rel="noopener noreferrer">
              {formatMoney(group.offer.total)}
            </Typography.Link>
            {!group.offer.isCurrent ? <Tag>{t('priceReports.status.expired')}</Tag> : null}
            {group.offer.hiddenReason ? <Tag color="orange">{t(`priceReports.status.${group.offer.hiddenReason}`)}</Tag> : null}
          </Space>
        </Flex>
      ),
    },
    { key: 'store', title: t('priceReports.fields.store'), render: (_value, group) => group.store.name },
    {
      key: 'reasons',
      title: t('priceReports.fields.reason'),
      render: (_value, group) => (
        <Flex vertical gap={4} align="start">
          {group.reasons.map(({ reason, count }) => (
            <Tag key={reason}>{t('priceReports.reasonCount', { reason: t(`priceReports.reasons.${reason}`), count })}</Tag>
          ))}
          {group.notes.map((note, index) => (
            <Typography.Text key={index} type="secondary" italic>
              “{note}”
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
    { ...table.sortableColumn('count'), title: t('priceReports.fields.count'), align: 'right', render: (_value, group) => group.count },
    {
      ...table.sortableColumn('firstReportedAt'),
      title: t('priceReports.fields.firstReportedAt'),
      render: (_value, group) => dates.dateTime(group.firstReportedAt),
    },
    {
      ...table.sortableColumn('lastReportedAt'),
      title: t('priceReports.fields.lastReportedAt'),
      render: (_value, group) => dates.dateTime(group.lastReportedAt),
    },
    {
      key: 'actions',
      title: t('priceReports.fields.actions'),
      render: (_value, group) => (
        <Space wrap>
          <Button size="small" danger type="primary" loading={busy(group)} onClick={() => decide(group, 'hide')}>
            {t('priceReports.hide.button')}
          </Button>
          <Button size="small" disabled={busy(group)} onClick={() => decide(group, 'dismiss')}>
            {t('priceReports.dismiss.button')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('priceReports.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('priceReports.explanation')}
      </Typography.Paragraph>
      <Flex gap={12} wrap align="center">
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          placeholder={t('priceReports.filters.store')}
          aria-label={t('priceReports.filters.store')}
          loading={stores.isLoading}
          value={idOrUndefined(filters.storeId)}
          options={(stores.data ?? []).map((store) => ({ value: store.id, label: store.name }))}
          onChange={(id) => table.setFilter('storeId', id ? String(id) : undefined)}
        />
      </Flex>
      {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={error.message} /> : null}
      <Table<PriceReportGroup>
        rowKey="priceId"
        columns={columns}
        dataSource={data?.priceReports ?? []}
        {...tableLoading(isFetching, t('priceReports.empty'))}
        scroll={{ x: true }}
        {...table.tableProps<PriceReportGroup>(data?.pagination)}
      />
    </Flex>
  );
}
