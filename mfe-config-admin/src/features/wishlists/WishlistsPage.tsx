/**
 * /admin/wishlists: every user's wishlist items, newest first, 20 per page: user, product, desired
 * maximum, the product's current lowest price and whether that reached the target. Filters (search
 * on email or product, target met, one user) live in the address.
 */
import { useNamespaceT, formatMoney, type AdminWishlistItem } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useAdminUrls, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { TargetTag } from './TargetTag';
import { WISHLIST_FILTER_KEYS, useWishlistItemsQuery } from './wishlists-api';

const SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;

export function WishlistsPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const table = useServerTable({ sortFields: ['createdAt'], defaultSort: SORT, filterKeys: WISHLIST_FILTER_KEYS });
  const { page, limit, search, filters } = table.query;
  const { data, error, isFetching } = useWishlistItemsQuery({ page, limit, search, ...filters });

  const columns: TableProps<AdminWishlistItem>['columns'] = [
    { key: 'user', dataIndex: 'userEmail', title: t('wishlists.fields.user') },
    { key: 'product', dataIndex: 'productName', title: t('wishlists.fields.product') },
    { key: 'maxPrice', dataIndex: 'maxPrice', title: t('wishlists.fields.maxPrice'), render: (cents: number) => formatMoney(cents) },
    {
      key: 'currentLowestPrice',
      dataIndex: 'currentLowestPrice',
      title: t('wishlists.fields.currentLowestPrice'),
      render: (cents: number | null) => (cents === null ? t('wishlists.noPrice') : formatMoney(cents)),
    },
    { key: 'targetMet', dataIndex: 'targetMet', title: t('wishlists.fields.targetMet'), render: (met: boolean) => <TargetTag met={met} /> },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('wishlists.fields.createdAt'), render: (value: string) => dates.dateTime(value) },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('wishlists.titles.list')}
      </Typography.Title>
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          style={{ maxWidth: 320 }}
          placeholder={t('wishlists.searchPlaceholder')}
          aria-label={t('wishlists.searchPlaceholder')}
          value={table.search.value}
          onChange={(event) => table.search.onChange(event.target.value)}
        />
        <Select
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('wishlists.fields.targetMet')}
          aria-label={t('wishlists.fields.targetMet')}
          value={filters.targetMet}
          onChange={(value?: string) => table.setFilter('targetMet', value)}
          options={[
            { value: 'true', label: t('wishlists.targetMet') },
            { value: 'false', label: t('wishlists.targetNotMet') },
          ]}
        />
        {filters.userId ? (
          <Tag closable onClose={() => table.setFilter('userId', undefined)}>
            {t('wishlists.forUser', { id: filters.userId })}
          </Tag>
        ) : null}
      </Flex>
      {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={'message' in error ? error.message : undefined} /> : null}
      <Table<AdminWishlistItem>
        rowKey="id"
        columns={columns}
        dataSource={data?.wishlistItems ?? []}
        {...tableLoading(isFetching, t('wishlists.empty'))}
        onRow={(item) => ({ onClick: () => navigate(urls.wishlists.detail(item.id)), style: { cursor: 'pointer' } })}
        {...table.tableProps<AdminWishlistItem>(data?.pagination)}
      />
    </Flex>
  );
}
