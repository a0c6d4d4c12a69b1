/**
 * /admin/categories: the hierarchy without Overig, searchable, with product counts; a click opens
 * the category. New category, export (optionally with Overig) and import of an export file.
 */
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { AdminEmpty, useAdminUrls } from '@koopjesland/shared/admin';
import { Alert, Badge, Button, Card, Checkbox, Flex, Input, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { useCategoryTreeQuery, useExportCategoriesMutation } from './categories-api';
import { ImportCategories } from './ImportCategories';
import { allKeys, type CategoryTreeNode, productCount, searchTree, toTreeNodes } from './tree';

export function CategoriesPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const { data, error, isLoading } = useCategoryTreeQuery();
  const [search, setSearch] = useState('');
  const nodes = useMemo(() => searchTree(toTreeNodes(data ?? []), search), [data, search]);

  let content;
  if (isLoading) content = <Spin />;
  else if (error) content = <Alert type="error" showIcon title={t('categories.fetchFailed')} />;
  else if (nodes.length === 0)
    content = <AdminEmpty description={search ? t('categories.noMatches') : t('categories.empty')} />;
  else
    content = (
      <Tree<CategoryTreeNode>
        key={search}
        treeData={nodes}
        defaultExpandedKeys={search ? allKeys(nodes) : nodes.map((node) => node.key)}
        showLine
        blockNode
        titleRender={(node) => (
          <Flex justify="space-between" gap={12}>
            <span>{node.category.name}</span>
            <Badge
              count={productCount(node.category)}
              showZero
              overflowCount={999999}
              color="#f46900"
              title={t('categories.productCount', { count: productCount(node.category) })}
            />
          </Flex>
        )}
        onSelect={(_keys, { node }) => navigate(urls.categories.detail(String(node.key)))}
      />
    );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('categories.titles.list')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(urls.categories.create())}>
          {t('categories.buttons.new')}
        </Button>
      </Flex>
      <Card>
        <Flex vertical gap={12}>
          <Input.Search
            aria-label={t('categories.search')}
            placeholder={t('categories.search')}
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {content}
        </Flex>
      </Card>
      <Flex gap={16} wrap>
        <ExportCategories />
        <ImportCategories />
      </Flex>
    </Flex>
  );
}

/** Downloads GET /categories/export as a JSON file. */
function ExportCategories() {
  const { t } = useNamespaceT(NAMESPACE);
  const [includeOverig, setIncludeOverig] = useState(false);
  const [exportCategories, { isLoading, isError }] = useExportCategoriesMutation();
  const download = async () => {
    try {
      const data = await exportCategories({ includeOverig }).unwrap();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `categories-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      // Shown below.
    }
  };
  return (
    <Card title={t('categories.export.title')} style={{ flex: 1, minWidth: 280 }}>
      <Flex vertical gap={12} align="start">
        <Checkbox checked={includeOverig} onChange={(event) => setIncludeOverig(event.target.checked)}>
          {t('categories.export.includeOverig')}
        </Checkbox>
        <Button icon={<DownloadOutlined />} loading={isLoading} onClick={() => void download()}>
          {t('categories.export.button')}
        </Button>
        {isError ? <Alert type="error" showIcon title={t('categories.export.failed')} /> : null}
      </Flex>
    </Card>
  );
}
