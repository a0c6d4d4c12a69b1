/**
 * Category detail, "Specifications": the category's fields (name, type, unit, options, the raw
 * property names mapped onto each), how many products have a value of each, the unreadable
 * values with examples, and the unmapped property names seen on its products, each added to a
 * field with one click.
 */
import { useNamespaceT, type SpecificationCoverage, type SpecificationField } from '@koopjesland/shared';
import { useAdminMutation, useConfirm } from '@koopjesland/shared/admin';
import { Button, Card, Empty, Flex, Select, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { NAMESPACE } from '../../i18n';
import { PlainList } from '../common/PlainList';
import {
  inputOf,
  useDeleteSpecificationFieldMutation,
  useSpecificationCoverageQuery,
  useSpecificationFieldsQuery,
  useUpdateSpecificationFieldMutation,
} from './specifications-api';
import { SpecificationFieldModal } from './SpecificationFieldModal';

type Coverage = SpecificationCoverage['fields'][number];

export function SpecificationsCard({ categoryId }: { categoryId: number }) {
  const { t } = useNamespaceT(NAMESPACE);
  const fields = useSpecificationFieldsQuery(categoryId);
  const coverage = useSpecificationCoverageQuery(categoryId);
  const [editing, setEditing] = useState<SpecificationField | 'new' | null>(null);
  const [removeField] = useDeleteSpecificationFieldMutation();
  const run = useAdminMutation();
  const confirm = useConfirm();
  const rows = fields.data ?? [];
  const coverageOf = (fieldId: number): Coverage | undefined => coverage.data?.fields.find((entry) => entry.fieldId === fieldId);

  const remove = async (field: SpecificationField) => {
    if (!(await confirm({ content: { text: t('specifications.confirmDelete', { name: field.name }) }, danger: true }))) return;
    await run(removeField({ categoryId, fieldId: field.id }), { success: t('specifications.deleted'), failure: t('specifications.deleteFailed') });
  };

  const columns: TableProps<SpecificationField>['columns'] = [
    { key: 'name', title: t('specifications.fields.name'), dataIndex: 'name' },
    {
      key: 'type',
      title: t('specifications.fields.type'),
      render: (_, field) => (field.unit ? `${t(`specifications.types.${field.type}`)} (${field.unit})` : t(`specifications.types.${field.type}`)),
    },
    {
      key: 'options',
      title: t('specifications.fields.options'),
      render: (_, field) => (field.options.length ? field.options.join(', ') : '–'),
    },
    {
      key: 'propertyNames',
      title: t('specifications.fields.propertyNames'),
      render: (_, field) => (
        <Flex wrap gap={4}>
          {field.propertyNames.map((name) => (
            <Tag key={name}>{name}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'coverage',
      title: t('specifications.fields.coverage'),
      render: (_, field) => {
        const entry = coverageOf(field.id);
        if (!entry || !coverage.data) return '–';
        return t('specifications.coverage', { count: entry.withValue, total: coverage.data.productCount });
      },
    },
    {
      key: 'unreadable',
      title: t('specifications.fields.unreadable'),
      render: (_, field) => <Unreadable entry={coverageOf(field.id)} />,
    },
    {
      key: 'actions',
      title: t('specifications.fields.actions'),
      render: (_, field) => (
        <Space>
          <Button size="small" onClick={() => setEditing(field)} aria-label={t('specifications.editField', { name: field.name })}>
            {t('specifications.edit')}
          </Button>
          <Button size="small" danger onClick={() => void remove(field)} aria-label={t('specifications.deleteField', { name: field.name })}>
            {t('specifications.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('specifications.title')}
      extra={<Button onClick={() => setEditing('new')}>{t('specifications.add')}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('specifications.intro')}</Typography.Paragraph>
      <Table<SpecificationField>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={fields.isLoading}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description={t('specifications.empty')} /> }}
      />
      <Suggestions categoryId={categoryId} fields={rows} suggestions={coverage.data?.suggestions ?? []} />
      {editing ? (
        <SpecificationFieldModal categoryId={categoryId} field={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}

function Unreadable({ entry }: { entry: Coverage | undefined }) {
  const { t } = useNamespaceT(NAMESPACE);
  if (!entry?.unreadable) return <>0</>;
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text type="warning">{t('specifications.unreadableCount', { count: entry.unreadable })}</Typography.Text>
      {entry.examples.map((example) => (
        <Typography.Text key={`${example.productId}-${example.propertyName}`} type="secondary">
          {t('specifications.example', { product: example.productName, name: example.propertyName, value: example.value })}
        </Typography.Text>
      ))}
    </Space>
  );
}

function Suggestions({
  categoryId,
  fields,
  suggestions,
}: {
  categoryId: number;
  fields: SpecificationField[];
  suggestions: SpecificationCoverage['suggestions'];
}) {
  const { t } = useNamespaceT(NAMESPACE);
  const [target, setTarget] = useState<number | undefined>(undefined);
  const [updateField, { isLoading }] = useUpdateSpecificationFieldMutation();
  const run = useAdminMutation();
  const field = fields.find((candidate) => candidate.id === (target ?? fields[0]?.id));

  const add = async (name: string) => {
    if (!field) return;
    const input = inputOf(field);
    await run(updateField({ categoryId, fieldId: field.id, field: { ...input, propertyNames: [...(input.propertyNames ?? []), name] } }), {
      success: t('specifications.suggestions.added', { name, field: field.name }),
      failure: t('specifications.saveFailed'),
    });
  };

  return (
    <section aria-label={t('specifications.suggestions.title')}>
      <Typography.Title level={5}>{t('specifications.suggestions.title')}</Typography.Title>
      {suggestions.length === 0 ? (
        <Typography.Text type="secondary">{t('specifications.suggestions.empty')}</Typography.Text>
      ) : (
        <>
          {fields.length ? (
            <Space>
              <span id={`spec-target-${categoryId}`}>{t('specifications.suggestions.target')}</span>
              <Select
                aria-labelledby={`spec-target-${categoryId}`}
                style={{ minWidth: 200 }}
                value={field?.id}
                onChange={setTarget}
                options={fields.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              />
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('specifications.suggestions.noFields')}</Typography.Text>
          )}
          <PlainList
            items={suggestions}
            keyOf={(suggestion) => suggestion.name}
            empty={t('specifications.suggestions.empty')}
            render={(suggestion) => (
              <>
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{suggestion.name}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('specifications.suggestions.seen', { count: suggestion.productCount, examples: suggestion.exampleValues.join(', ') })}
                  </Typography.Text>
                </Space>
                {field ? (
                  <Button
                    size="small"
                    loading={isLoading}
                    onClick={() => void add(suggestion.name)}
                    aria-label={t('specifications.suggestions.addTo', { name: suggestion.name, field: field.name })}
                  >
                    {t('specifications.suggestions.add')}
                  </Button>
                ) : null}
              </>
            )}
          />
        </>
      )}
    </section>
  );
}
