/**
 * /admin/held-prices: feed prices held as implausible (far below or above the
 * median of the product's other offers) are not shown to visitors until a merchandiser or store
 * manager releases them: accept (shown, may become the lowest price), reject (removed; the feed
 * repeating that price changes nothing) or split (a new product made from the feed's record).
 * Filters, sort and paging live in the address (useServerTable).
 */
import type { HeldOffer, HeldOfferDecision } from '@koopjesland/shared';
import { useNamespaceT, formatMoney } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useAdminMutation, useConfirm, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Button, Flex, Input, Select, Space, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { NAMESPACE } from '../../i18n';
import { useStoreOptionsQuery } from '../prices/prices-api';
import {
  HELD_PRICE_FILTER_KEYS,
  HELD_PRICE_SORT_FIELDS,
  useHeldPricesQuery,
  useReleaseHeldPriceMutation,
  type HeldPriceSortField,
} from './held-prices-api';

const DEFAULT_SORT = { sortBy: 'heldSince' as HeldPriceSortField, sortOrder: 'desc' } as const;

const idOrUndefined = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

export function HeldPricesPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const run = useAdminMutation();
  const confirm = useConfirm();
  const table = useServerTable({
    sortFields: HELD_PRICE_SORT_FIELDS,
    defaultSort: DEFAULT_SORT,
    filterKeys: HELD_PRICE_FILTER_KEYS,
  });
  const { page, limit, sortBy, sortOrder, search, filters } = table.query;
  const { data, error, isFetching } = useHeldPricesQuery({ page, limit, sortBy, sortOrder, search, ...filters });
  const stores = useStoreOptionsQuery();
  const [release, releasing] = useReleaseHeldPriceMutation();

  const decide = async (offer: HeldOffer, decision: HeldOfferDecision) => {
    const values = {
      price: formatMoney(offer.total),
      product: offer.product.name,
      store: offer.store.name,
      record: offer.record?.name ?? offer.product.name,
    };
    const confirmed = await confirm({
      title: t(`heldPrices.${decision}.confirmTitle`),
      content: { text: t(`heldPrices.${decision}.confirm`, values) },
      danger: decision === 'reject',
      okText: t(`heldPrices.${decision}.button`),
    });
    if (!confirmed) return;
    await run(release({ priceId: offer.priceId, decision }), { success: t(`heldPrices.${decision}.done`, values), failure: t('heldPrices.failed') });
  };

  const busy = (offer: HeldOffer) => releasing.isLoading && releasing.originalArgs?.priceId === offer.priceId;

  const columns: TableProps<HeldOffer>['columns'] = [
    {
      ...table.sortableColumn('productName'),
      title: t('heldPrices.fields.product'),
      render: (_value, offer) => (
        <Flex vertical>
          <Typography.Text strong>{offer.product.name}</Typography.Text>
          {offer.record && offer.record.name !== offer.product.name ? (
            <Typography.Text type="secondary">{t('heldPrices.recordName', { name: offer.record.name })}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { ...table.sortableColumn('storeName'), title: t('heldPrices.fields.store'), render: (_value, offer) => offer.store.name },
    {
      ...table.sortableColumn('total'),
      title: t('heldPrices.fields.total'),
      align: 'right',
      render: (_value, offer) => formatMoney(offer.total),
    },
    {
      key: 'median',
      title: t('heldPrices.fields.median'),
      align: 'right',
      render: (_value, offer) =>
        offer.medianTotal === null ? (
          t('heldPrices.noOtherOffers')
        ) : (
          <Flex vertical>
            {formatMoney(offer.medianTotal)}
            <Typography.Text type="secondary">{t('heldPrices.otherOffers', { count: offer.otherOffers })}</Typography.Text>
          </Flex>
        ),
    },
    {
      key: 'lowest',
      title: t('heldPrices.fields.lowest'),
      align: 'right',
      render: (_value, offer) => formatMoney(offer.product.lowestTotal),
    },
    {
      ...table.sortableColumn('heldSince'),
      title: t('heldPrices.fields.heldSince'),
      render: (_value, offer) => dates.dateTime(offer.heldSince),
    },
    {
      key: 'actions',
      title: t('heldPrices.fields.actions'),
      render: (_value, offer) => (
        <Space wrap>
          <Button size="small" type="primary" loading={busy(offer)} onClick={() => decide(offer, 'accept')}>
            {t('heldPrices.accept.button')}
          </Button>
          <Button size="small" danger disabled={busy(offer)} onClick={() => decide(offer, 'reject')}>
            {t('heldPrices.reject.button')}
          </Button>
          <Button
            size="small"
            disabled={busy(offer) || !offer.externalId}
            title={offer.externalId ? undefined : t('heldPrices.split.needsStoreId')}
            onClick={() => decide(offer, 'split')}
          >
            {t('heldPrices.split.button')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('heldPrices.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('heldPrices.explanation')}
      </Typography.Paragraph>
      <Flex gap={12} wrap align="center">
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('heldPrices.filters.search')}
          aria-label={t('heldPrices.filters.search')}
          value={table.search.value}
          onChange={(event) => table.search.onChange(event.target.value)}
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          placeholder={t('heldPrices.filters.store')}
          aria-label={t('heldPrices.filters.store')}
          loading={stores.isLoading}
          value={idOrUndefined(filters.storeId)}
          options={(stores.data ?? []).map((store) => ({ value: store.id, label: store.name }))}
          onChange={(id) => table.setFilter('storeId', id ? String(id) : undefined)}
        />
      </Flex>
      {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={error.message} /> : null}
      <Table<HeldOffer>
        rowKey="priceId"
        columns={columns}
        dataSource={data?.heldOffers ?? []}
        {...tableLoading(isFetching, t('heldPrices.empty'))}
        scroll={{ x: true }}
        {...table.tableProps<HeldOffer>(data?.pagination)}
      />
    </Flex>
  );
}
