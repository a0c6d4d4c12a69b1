/**
 * /admin/outbox: the e-mail the site sent while no SMTP server is configured (password resets,
 * invitations), newest first, filtered by recipient; a row opens the message.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { useNamespaceT, type OutboxMessageSummary } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useAdminUrls, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Button, Flex, Input, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { useOutboxQuery } from './outbox-api';

const SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;

export function OutboxPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const table = useServerTable({ sortFields: ['createdAt'], defaultSort: SORT });
  const { page, limit, search } = table.query;
  const { data, error, isFetching, refetch } = useOutboxQuery({ page, limit, to: search });

  const columns: TableProps<OutboxMessageSummary>['columns'] = [
    { key: 'to', dataIndex: 'to', title: t('outbox.fields.to') },
    { key: 'subject', dataIndex: 'subject', title: t('outbox.fields.subject') },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('outbox.fields.createdAt'), render: (value: string) => dates.dateTime(value) },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('outbox.titles.list')}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()}>
          {t('outbox.buttons.refresh')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('outbox.explanation')}
      </Typography.Paragraph>
      <Input.Search
        allowClear
        style={{ maxWidth: 320 }}
        placeholder={t('outbox.searchPlaceholder')}
        aria-label={t('outbox.searchPlaceholder')}
        value={table.search.value}
        onChange={(event) => table.search.onChange(event.target.value)}
      />
      {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={'message' in error ? error.message : undefined} /> : null}
      <Table<OutboxMessageSummary>
        rowKey="id"
        columns={columns}
        dataSource={data?.messages ?? []}
        {...tableLoading(isFetching, t('outbox.empty'))}
        onRow={(message) => ({ onClick: () => navigate(urls.outbox.detail(message.id)), style: { cursor: 'pointer' } })}
        {...table.tableProps<OutboxMessageSummary>(data?.pagination)}
      />
    </Flex>
  );
}
