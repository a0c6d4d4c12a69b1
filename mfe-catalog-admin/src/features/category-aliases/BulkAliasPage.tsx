/**
 * /admin/bulk-category-alias: every alias with its current category, unmapped (Overig) first and by
 * the offers it brings; a category per row, or one category for the selected rows. Save sends
 * only the changed rows (docs/product.md §2, §8).
 */
import { OVERIG_SLUG, useNamespaceT, TAG_COLORS } from '@koopjesland/shared';
import { tableLoading, useAdminMutation } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Flex, Input, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { NAMESPACE } from '../../i18n';
import { type BulkAliasRow, useBulkAliasesQuery, useBulkUpdateAliasesMutation } from './aliases-api';
import { CategoryPicker } from './CategoryPicker';

/** The rows whose chosen category differs from the current one. */
export function changedAssignments(rows: BulkAliasRow[], chosen: Record<number, number | null>) {
  return rows.flatMap((row) => {
    const categoryId = chosen[row.id];
    return categoryId !== undefined && categoryId !== null && categoryId !== row.categoryId
      ? [{ aliasId: row.id, categoryId }]
      : [];
  });
}

export function BulkAliasPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const run = useAdminMutation();
  const list = useBulkAliasesQuery();
  const [save, saving] = useBulkUpdateAliasesMutation();
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<Record<number, number | null>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [selectionCategory, setSelectionCategory] = useState<number | null>(null);
  const [message, setMessage] = useState<{ type: 'success' | 'info' | 'warning' | 'error'; text: string } | null>(null);

  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all = list.data ?? [];
    return needle
      ? all.filter(
          (row) => row.path.toLowerCase().includes(needle) || row.category?.name.toLowerCase().includes(needle),
        )
      : all;
  }, [list.data, filter]);

  const applyToSelection = () => {
    if (selectionCategory === null) {
      setMessage({ type: 'warning', text: t('aliases.bulk.selectCategoryFirst') });
      return;
    }
    setMessage(null);
    setChosen((current) => ({ ...current, ...Object.fromEntries(selected.map((id) => [id, selectionCategory])) }));
  };

  const submit = async () => {
    const assignments = changedAssignments(list.data ?? [], chosen);
    if (assignments.length === 0) {
      setMessage({ type: 'info', text: t('aliases.bulk.noChanges') });
      return;
    }
    const saved = await run(save(assignments), { failure: t('aliases.bulk.saveFailed') });
    if (!saved) return;
    const { summary } = saved.data;
    setMessage({ type: summary.failed > 0 ? 'warning' : 'success', text: t('aliases.bulk.summary', summary) });
    setChosen({});
    setSelected([]);
  };

  const columns: TableProps<BulkAliasRow>['columns'] = [
    { key: 'path', title: t('aliases.fields.path'), dataIndex: 'path' },
    {
      key: 'current',
      title: t('aliases.bulk.current'),
      render: (_value, row) =>
        !row.category || row.category.slug === OVERIG_SLUG ? (
          <Tag color={TAG_COLORS.orange}>{t('aliases.bulk.unmapped')}</Tag>
        ) : (
          row.category.name
        ),
    },
    { key: 'offers', title: t('aliases.bulk.offers'), dataIndex: 'offerCount' },
    { key: 'products', title: t('aliases.fields.productCount'), dataIndex: 'productCount' },
    {
      key: 'category',
      title: t('aliases.bulk.newCategory'),
      width: 320,
      render: (_value, row) => (
        <CategoryPicker
          ariaLabel={t('aliases.bulk.categoryFor', { path: row.path })}
          value={chosen[row.id] ?? row.categoryId}
          onChange={(categoryId) => setChosen((current) => ({ ...current, [row.id]: categoryId }))}
        />
      ),
    },
  ];

  const changes = changedAssignments(list.data ?? [], chosen).length;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('aliases.bulk.title')}
      </Typography.Title>
      {list.isError ? <Alert type="error" showIcon title={t('aliases.loadFailed')} /> : null}
      {message ? (
        <Alert type={message.type} showIcon title={message.text} closable={{ onClose: () => setMessage(null) }} />
      ) : null}
      <Card>
        <Flex vertical gap={12}>
          <Flex gap={8} wrap align="center">
            <Input.Search
              aria-label={t('aliases.bulk.filter')}
              placeholder={t('aliases.bulk.filter')}
              allowClear
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              style={{ maxWidth: 320 }}
            />
            <div style={{ minWidth: 240 }}>
              <CategoryPicker
                ariaLabel={t('aliases.bulk.selectionCategory')}
                placeholder={t('aliases.bulk.selectionCategory')}
                value={selectionCategory}
                onChange={setSelectionCategory}
              />
            </div>
            <Button disabled={selected.length === 0} onClick={applyToSelection}>
              {t('aliases.bulk.applyToSelected', { count: selected.length })}
            </Button>
            <Button type="primary" loading={saving.isLoading} onClick={() => void submit()}>
              {t('aliases.bulk.save', { count: changes })}
            </Button>
          </Flex>
          <Table<BulkAliasRow>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            {...tableLoading(list.isFetching, t('aliases.empty'))}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
            pagination={{ pageSize: 50, showSizeChanger: false }}
          />
        </Flex>
      </Card>
    </Flex>
  );
}
