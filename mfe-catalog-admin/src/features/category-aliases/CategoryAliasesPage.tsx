/** /admin/category-aliases: searchable, paged; path, categories, product count, created; a row opens the alias. */
import { useNamespaceT, type CategoryAlias } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useAdminUrls, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Flex, Input, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { useCategoryAliasesQuery } from './aliases-api';

const SORT_FIELDS = ['path'] as const;

export function CategoryAliasesPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const table = useServerTable({ sortFields: SORT_FIELDS, defaultSort: { sortBy: 'path', sortOrder: 'asc' } });
  const { data, error, isFetching } = useCategoryAliasesQuery({
    page: table.query.page,
    limit: table.query.limit,
    search: table.query.search,
  });

  const columns: TableProps<CategoryAlias>['columns'] = [
    { key: 'path', dataIndex: 'path', title: t('aliases.fields.path') },
    {
      key: 'categories',
      title: t('aliases.fields.categories'),
      render: (_value, alias) =>
        alias.categoryAliasCategories.map((link) => <Tag key={link.categoryId}>{link.category.name}</Tag>),
    },
    { key: 'products', title: t('aliases.fields.productCount'), render: (_value, alias) => alias._count.products },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('aliases.fields.createdAt'),
      render: (value: string) => dates.dateTime(value),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('aliases.title')}
      </Typography.Title>
      <Input.Search
        aria-label={t('aliases.search')}
        placeholder={t('aliases.search')}
        allowClear
        value={table.search.value}
        onChange={(event) => table.search.onChange(event.target.value)}
        style={{ maxWidth: 400 }}
      />
      {error ? <Alert type="error" showIcon title={t('aliases.loadFailed')} /> : null}
      <Table<CategoryAlias>
        rowKey="id"
        columns={columns}
        dataSource={data?.categoryAliases ?? []}
        {...tableLoading(isFetching, t('aliases.empty'))}
        onRow={(alias) => ({
          onClick: () => navigate(urls.categoryAliases.detail(alias.id)),
          style: { cursor: 'pointer' },
        })}
        {...table.tableProps<CategoryAlias>(data?.pagination)}
      />
    </Flex>
  );
}
