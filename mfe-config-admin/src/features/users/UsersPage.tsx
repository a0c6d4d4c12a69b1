/**
 * /admin/users (docs/product.md §2 "Admin users"): sorted on the server, 20 per page, page and
 * sort in the address; rows open the user. The role column sorts admins first or last (isAdmin).
 */
import { PlusOutlined } from '@ant-design/icons';
import { useNamespaceT, type User } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useAdminUrls, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { RoleTag } from './RoleTag';
import { USER_SORT_FIELDS, USERS_DEFAULT_SORT, useUsersQuery } from './users-api';

export function UsersPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const table = useServerTable({ sortFields: USER_SORT_FIELDS, defaultSort: USERS_DEFAULT_SORT });
  const { data, error, isFetching } = useUsersQuery(table.query);

  const columns: TableProps<User>['columns'] = [
    { ...table.sortableColumn('email'), dataIndex: 'email', title: t('users.fields.email') },
    {
      ...table.sortableColumn('isAdmin'),
      dataIndex: 'role',
      title: t('users.fields.role'),
      render: (_role: unknown, user: User) => <RoleTag role={user.role ?? (user.isAdmin ? 'admin' : 'user')} />,
    },
    {
      ...table.sortableColumn('createdAt'),
      dataIndex: 'createdAt',
      title: t('users.fields.createdAt'),
      render: (value: string) => dates.dateTime(value),
    },
    {
      ...table.sortableColumn('updatedAt'),
      dataIndex: 'updatedAt',
      title: t('users.fields.updatedAt'),
      render: (value: string) => dates.dateTime(value),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('users.titles.list')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(urls.users.create())}>
          {t('users.buttons.add')}
        </Button>
      </Flex>
      {error ? <Alert type="error" showIcon title={t('users.loadFailed')} description={'message' in error ? error.message : undefined} /> : null}
      <Table<User>
        rowKey="id"
        columns={columns}
        dataSource={data?.users ?? []}
        {...tableLoading(isFetching, t('users.empty'))}
        onRow={(user) => ({ onClick: () => navigate(urls.users.detail(user.id)), style: { cursor: 'pointer' } })}
        {...table.tableProps<User>(data?.pagination)}
      />
    </Flex>
  );
}
