/** /admin/stores (spec §2 "Admin stores"): stores by name, 20 per page; a row opens the store. */
import type { Store } from '@koopjesland/shared';
import { Alert, Flex, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { StoreLogo } from './StoreLogo';
import { STORES_PAGE_SIZE, type StoresQuery, useStoresQuery } from './stores-api';

export function StoresPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [query, setQuery] = useState<StoresQuery>({ page: 1, sortBy: 'name', sortOrder: 'asc' });
  const { data, error, isFetching } = useStoresQuery(query);

  const columns: TableProps<Store>['columns'] = [
    {
      key: 'logo',
      title: t('stores.fields.logo'),
      width: 72,
      render: (_value, store) => <StoreLogo name={store.name} logo={store.logo} />,
    },
    { key: 'name', dataIndex: 'name', title: t('stores.fields.name') },
    { key: 'slug', dataIndex: 'slug', title: t('stores.fields.slug') },
    {
      key: 'url',
      dataIndex: 'url',
      title: t('stores.fields.url'),
      render: (url: string) => (
        <a href={url} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
          {url}
        </a>
      ),
    },
    {
      key: 'prices',
      title: t('stores.fields.prices'),
      align: 'right',
      render: (_value, store) => store._count?.prices ?? 0,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('stores.titles.list')}
      </Typography.Title>
      {error ? <Alert type="error" showIcon title={t('stores.loadFailed')} description={error.message} /> : null}
      <Table<Store>
        rowKey="id"
        columns={columns}
        dataSource={data?.stores ?? []}
        loading={isFetching}
        locale={{ emptyText: t('stores.empty') }}
        onRow={(store) => ({ onClick: () => navigate(`/admin/stores/${store.id}`), style: { cursor: 'pointer' } })}
        onChange={(pagination) => setQuery((current) => ({ ...current, page: pagination.current ?? 1 }))}
        pagination={{
          current: query.page,
          pageSize: STORES_PAGE_SIZE,
          total: data?.pagination.totalItems ?? 0,
          showSizeChanger: false,
        }}
      />
    </Flex>
  );
}
