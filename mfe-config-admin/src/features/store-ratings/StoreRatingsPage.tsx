/**
 * /admin/store-ratings: every rating, newest first, 20 per page: store, user, stars, comment and
 * date; filters by store and stars live in the address. A row opens the rating for moderation.
 */
import { useNamespaceT, type AdminStoreRating } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useAdminUrls, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Flex, Rate, Select, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { useStoreChoicesQuery } from '../users/users-api';
import { STORE_RATING_FILTER_KEYS, useStoreRatingsQuery } from './store-ratings-api';

const SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;
const STARS = [5, 4, 3, 2, 1];

export function StoreRatingsPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const table = useServerTable({ sortFields: ['createdAt'], defaultSort: SORT, filterKeys: STORE_RATING_FILTER_KEYS });
  const { page, limit, filters } = table.query;
  const { data, error, isFetching } = useStoreRatingsQuery({ page, limit, ...filters });
  const { data: stores = [] } = useStoreChoicesQuery();

  const columns: TableProps<AdminStoreRating>['columns'] = [
    { key: 'store', dataIndex: 'storeName', title: t('storeRatings.fields.store') },
    {
      key: 'user',
      dataIndex: 'userEmail',
      title: t('storeRatings.fields.user'),
      render: (email: string | null) => email ?? t('storeRatings.anonymous'),
    },
    {
      key: 'rating',
      dataIndex: 'rating',
      title: t('storeRatings.fields.rating'),
      render: (rating: number) => <Rate disabled value={rating} aria-label={t('storeRatings.stars', { count: rating })} />,
    },
    { key: 'comment', dataIndex: 'comment', title: t('storeRatings.fields.comment'), ellipsis: true },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('storeRatings.fields.createdAt'), render: (value: string) => dates.dateTime(value) },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('storeRatings.titles.list')}
      </Typography.Title>
      <Flex gap={8} wrap>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 220 }}
          placeholder={t('storeRatings.allStores')}
          aria-label={t('storeRatings.fields.store')}
          value={filters.storeId ? Number(filters.storeId) : undefined}
          onChange={(value?: number) => table.setFilter('storeId', value === undefined ? undefined : String(value))}
          options={stores.map((store) => ({ value: store.id, label: store.name }))}
        />
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('storeRatings.allStars')}
          aria-label={t('storeRatings.fields.rating')}
          value={filters.stars}
          onChange={(value?: string) => table.setFilter('stars', value)}
          options={STARS.map((stars) => ({ value: String(stars), label: t('storeRatings.stars', { count: stars }) }))}
        />
      </Flex>
      {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={'message' in error ? error.message : undefined} /> : null}
      <Table<AdminStoreRating>
        rowKey="id"
        columns={columns}
        dataSource={data?.storeRatings ?? []}
        {...tableLoading(isFetching, t('storeRatings.empty'))}
        onRow={(rating) => ({ onClick: () => navigate(urls.storeRatings.detail(rating.id)), style: { cursor: 'pointer' } })}
        {...table.tableProps<AdminStoreRating>(data?.pagination)}
      />
    </Flex>
  );
}
