/** /admin/users (spec §2 "Admin users"): server-side sorted, 20 per page, rows open the user. */
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime, type User } from '@koopjesland/shared';
import { Alert, Button, Flex, Table, Tag, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { USERS_PAGE_SIZE, type UserSortField, type UsersQuery, useUsersQuery } from './users-api';

const DEFAULT_SORT: Pick<UsersQuery, 'sortBy' | 'sortOrder'> = { sortBy: 'createdAt', sortOrder: 'desc' };

export function UsersPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [query, setQuery] = useState<UsersQuery>({ page: 1, ...DEFAULT_SORT });
  const { data, error, isFetching } = useUsersQuery(query);

  const sortOrderOf = (field: UserSortField) =>
    query.sortBy === field ? (query.sortOrder === 'asc' ? 'ascend' : 'descend') : null;

  const columns: TableProps<User>['columns'] = [
    { key: 'email', dataIndex: 'email', title: t('users.fields.email'), sorter: true, sortOrder: sortOrderOf('email') },
    {
      key: 'isAdmin',
      dataIndex: 'isAdmin',
      title: t('users.fields.role'),
      sorter: true,
      sortOrder: sortOrderOf('isAdmin'),
      render: (isAdmin: boolean) =>
        isAdmin ? <Tag color="orange">{t('users.roles.admin')}</Tag> : <Tag>{t('users.roles.user')}</Tag>,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('users.fields.createdAt'),
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('users.fields.updatedAt'),
      sorter: true,
      sortOrder: sortOrderOf('updatedAt'),
      render: (value: string) => formatDateTime(value),
    },
  ];

  const onChange: TableProps<User>['onChange'] = (pagination, _filters, sorter) => {
    const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<User> | undefined;
    const sort =
      single?.order && single.columnKey
        ? { sortBy: single.columnKey as UserSortField, sortOrder: single.order === 'ascend' ? ('asc' as const) : ('desc' as const) }
        : DEFAULT_SORT;
    const sortChanged = sort.sortBy !== query.sortBy || sort.sortOrder !== query.sortOrder;
    setQuery({ ...sort, page: sortChanged ? 1 : (pagination.current ?? 1) });
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('users.titles.list')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/users/new')}>
          {t('users.buttons.add')}
        </Button>
      </Flex>
      {error ? <Alert type="error" showIcon title={t('users.loadFailed')} description={'message' in error ? error.message : undefined} /> : null}
      <Table<User>
        rowKey="id"
        columns={columns}
        dataSource={data?.users ?? []}
        loading={isFetching}
        onChange={onChange}
        onRow={(user) => ({ onClick: () => navigate(`/admin/users/${user.id}`), style: { cursor: 'pointer' } })}
        pagination={{
          current: query.page,
          pageSize: USERS_PAGE_SIZE,
          total: data?.pagination.totalItems ?? 0,
          showSizeChanger: false,
        }}
      />
    </Flex>
  );
}
