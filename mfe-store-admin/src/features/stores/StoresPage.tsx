/**
 * /admin/stores (docs/product.md §2 "Admin stores"): stores by name, 20 per page, searchable and
 * sortable on the server; page, sort and search in the address; a row opens the store; the
 * add-store modal.
 */
import type { Store } from '@koopjesland/shared';
import { tableLoading, useAdminKitT, useAdminUrls, useServerTable } from '@koopjesland/shared/admin';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { AddStoreModal } from './CreateStore';
import { useStoreAccess } from './store-access';
import { StoreLogo } from './StoreLogo';
import { STORE_SORT_FIELDS, STORES_DEFAULT_SORT, useStoresQuery } from './stores-api';

export function StoresPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const { t: kitT } = useAdminKitT();
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const table = useServerTable({ sortFields: STORE_SORT_FIELDS, defaultSort: STORES_DEFAULT_SORT });
  const { data, error, isFetching } = useStoresQuery(table.query);
  const [adding, setAdding] = useState(false);
  const { mayAddStores } = useStoreAccess();

  const columns: TableProps<Store>['columns'] = [
    {
      key: 'logo',
      title: t('stores.fields.logo'),
      width: 120,
      render: (_value, store) => <StoreLogo name={store.name} logo={store.logo} logoCopy={store.logoCopy} />,
    },
    { ...table.sortableColumn('name'), dataIndex: 'name', title: t('stores.fields.name') },
    { ...table.sortableColumn('slug'), dataIndex: 'slug', title: t('stores.fields.slug') },
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
      <Flex justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('stores.titles.list')}
        </Typography.Title>
        {mayAddStores ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('stores.buttons.add')}
          </Button>
        ) : null}
      </Flex>
      {mayAddStores ? <AddStoreModal open={adding} onClose={() => setAdding(false)} /> : null}
      <Input.Search
        allowClear
        placeholder={kitT('search.placeholder')}
        aria-label={kitT('search.placeholder')}
        value={table.search.value}
        onChange={(event) => table.search.onChange(event.target.value)}
        style={{ maxWidth: 360 }}
      />
      {error ? <Alert type="error" showIcon title={t('stores.loadFailed')} description={error.message} /> : null}
      <Table<Store>
        rowKey="id"
        columns={columns}
        dataSource={data?.stores ?? []}
        {...tableLoading(isFetching, t('stores.empty'))}
        onRow={(store) => ({ onClick: () => navigate(urls.stores.detail(store.id)), style: { cursor: 'pointer' } })}
        {...table.tableProps<Store>(data?.pagination)}
      />
    </Flex>
  );
}
