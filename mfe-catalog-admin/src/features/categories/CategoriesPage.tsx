/** /admin/categories: the category hierarchy with product counts; a click opens the category. */
import { Alert, Badge, Card, Empty, Flex, Spin, Tree, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { useAdminPath } from '@koopjesland/shared/admin';
import { useCategoryTreeQuery } from './categories-api';
import { type CategoryTreeNode, productCount, toTreeNodes } from './tree';

export function CategoriesPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const { data, error, isLoading } = useCategoryTreeQuery();
  const nodes = useMemo(() => toTreeNodes(data ?? []), [data]);

  let content;
  if (isLoading) content = <Spin />;
  else if (error) content = <Alert type="error" showIcon title={t('categories.fetchFailed')} />;
  else if (nodes.length === 0) content = <Empty description={t('categories.empty')} />;
  else
    content = (
      <Tree<CategoryTreeNode>
        treeData={nodes}
        defaultExpandedKeys={nodes.map((node) => node.key)}
        showLine
        blockNode
        titleRender={(node) => (
          <Flex justify="space-between" gap={12}>
            <span>{node.category.name}</span>
            <Badge count={productCount(node.category)} showZero overflowCount={999999} color="#f46900" title={t('categories.productCount', { count: productCount(node.category) })} />
          </Flex>
        )}
        onSelect={(_keys, { node }) => navigate(adminPath('categories', String(node.key)))}
      />
    );

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('categories.titles.list')}
      </Typography.Title>
      <Card>{content}</Card>
    </Flex>
  );
}
