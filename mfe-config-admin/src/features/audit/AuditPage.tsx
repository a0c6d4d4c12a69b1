/**
 * /admin/audit: who changed what and when, newest first, 20 per page, filtered by user, entity
 * (and one entity's id, as the History links of detail pages set it) and a date range; every
 * filter lives in the address. Records are read-only.
 */
import { useNamespaceT, type AuditRecord, type UserRole } from '@koopjesland/shared';
import { tableLoading, useAdminDates, useServerTable } from '@koopjesland/shared/admin';
import { Alert, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { RoleTag } from '../users/RoleTag';
import { AUDIT_ENTITIES, AUDIT_FILTER_KEYS, useAuditRecordsQuery, useUserChoicesQuery } from './audit-api';
import { ChangeList } from './ChangeList';

const SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;
const ROLES: readonly string[] = ['user', 'merchandiser', 'store_manager', 'admin'];

function UserFilter({ value, onChange }: { value?: string; onChange: (userId?: string) => void }) {
  const { t } = useNamespaceT(NAMESPACE);
  const [search, setSearch] = useState('');
  const { data = [], isFetching } = useUserChoicesQuery(search);
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={isFetching}
      style={{ minWidth: 240 }}
      placeholder={t('audit.filters.user')}
      aria-label={t('audit.filters.user')}
      value={value ? Number(value) : undefined}
      onChange={(userId?: number) => onChange(userId === undefined ? undefined : String(userId))}
      options={data.map((user) => ({ value: user.id, label: user.email }))}
      notFoundContent={value && data.length === 0 ? t('audit.userNumber', { id: value }) : undefined}
    />
  );
}

export function AuditPage() {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const table = useServerTable({ sortFields: ['createdAt'], defaultSort: SORT, filterKeys: AUDIT_FILTER_KEYS });
  const { page, limit, filters } = table.query;
  const { data, error, isFetching } = useAuditRecordsQuery({ page, limit, ...filters });
  const [, setParams] = useSearchParams();
  // Another entity drops the entity id too, in one history entry.
  const chooseEntity = (entity?: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of ['entity', 'entityId', 'page']) next.delete(key);
      if (entity) next.set('entity', entity);
      return next;
    });

  const columns: TableProps<AuditRecord>['columns'] = [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('audit.fields.createdAt'), render: (value: string) => dates.dateTime(value) },
    {
      key: 'user',
      title: t('audit.fields.user'),
      render: (_value: unknown, record: AuditRecord) => (
        <Flex vertical gap={4} align="start">
          <span>{record.userEmail ?? t('audit.system')}</span>
          {record.userRole && ROLES.includes(record.userRole) ? <RoleTag role={record.userRole as UserRole} /> : null}
        </Flex>
      ),
    },
    {
      key: 'entity',
      title: t('audit.fields.entity'),
      render: (_value: unknown, record: AuditRecord) => (record.entityId ? `${record.entity} #${record.entityId}` : record.entity),
    },
    { key: 'action', dataIndex: 'action', title: t('audit.fields.action'), render: (action: string) => <Tag>{action}</Tag> },
    {
      key: 'changes',
      title: t('audit.fields.changes'),
      render: (_value: unknown, record: AuditRecord) => <ChangeList before={record.before} after={record.after} />,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('audit.titles.list')}
      </Typography.Title>
      <Flex gap={8} wrap align="center">
        <UserFilter value={filters.userId} onChange={(userId) => table.setFilter('userId', userId)} />
        <Select
          allowClear
          showSearch
          style={{ minWidth: 200 }}
          placeholder={t('audit.filters.entity')}
          aria-label={t('audit.filters.entity')}
          value={filters.entity}
          onChange={(entity?: string) => chooseEntity(entity)}
          options={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: entity }))}
        />
        {filters.entityId ? (
          <Tag closable onClose={() => table.setFilter('entityId', undefined)}>
            {t('audit.filters.entityId', { id: filters.entityId })}
          </Tag>
        ) : null}
        <label>
          {t('audit.filters.from')}{' '}
          <Input
            type="date"
            style={{ width: 170 }}
            value={filters.from ?? ''}
            onChange={(event) => table.setFilter('from', event.target.value || undefined)}
          />
        </label>
        <label>
          {t('audit.filters.to')}{' '}
          <Input
            type="date"
            style={{ width: 170 }}
            value={filters.to ?? ''}
            onChange={(event) => table.setFilter('to', event.target.value || undefined)}
          />
        </label>
      </Flex>
      {error ? <Alert type="error" showIcon title={t('common.loadFailed')} description={'message' in error ? error.message : undefined} /> : null}
      <Table<AuditRecord>
        rowKey="id"
        columns={columns}
        dataSource={data?.records ?? []}
        {...tableLoading(isFetching, t('audit.empty'))}
        {...table.tableProps<AuditRecord>(data?.pagination)}
      />
    </Flex>
  );
}
