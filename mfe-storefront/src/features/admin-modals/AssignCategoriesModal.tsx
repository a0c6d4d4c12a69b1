/**
 * Assign categories to a product (admin, docs/product.md §5): the tree excludes 'overig', is sorted by
 * name, searched case-insensitively keeping (and expanding) ancestors of matches; save is
 * enabled only when the selection differs from the current one.
 */
import { Input, Modal, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { Category, Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useNotify } from '../notifications/notifications';
import { useGetCategoryTreeQuery, useSaveProductCategoriesMutation } from './api';

interface TreeNode {
  key: number;
  title: string;
  children: TreeNode[];
}

const EXCLUDED_SLUG = 'overig';

function toNodes(categories: Category[]): TreeNode[] {
  return categories
    .filter((category) => category.slug !== EXCLUDED_SLUG)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((category) => ({ key: category.id, title: category.name, children: toNodes(category.childCategories ?? []) }));
}

/** Keeps matches and their ancestors; returns the kept tree and the keys to expand. */
export function filterTree(nodes: TreeNode[], search: string): { nodes: TreeNode[]; expanded: number[] } {
  const needle = search.trim().toLowerCase();
  if (!needle) return { nodes, expanded: [] };
  const expanded: number[] = [];
  const walk = (list: TreeNode[]): TreeNode[] =>
    list.flatMap((node) => {
      const children = walk(node.children);
      if (children.length > 0) expanded.push(node.key);
      return node.title.toLowerCase().includes(needle) || children.length > 0 ? [{ ...node, children }] : [];
    });
  return { nodes: walk(nodes), expanded };
}

export default function AssignCategoriesModal({ product, onClose, onSaved }: { product: Product; onClose(): void; onSaved?(): void }) {
  const { t } = useStorefrontT();
  const notification = useNotify();
  const initial = useMemo(() => product.categoryIds ?? product.categories?.map((c) => c.id) ?? [], [product]);
  const categories = useGetCategoryTreeQuery();
  const [saveCategories, { isLoading: saving }] = useSaveProductCategoriesMutation();
  const [saveFailed, setSaveFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number[]>(initial);
  const tree = useMemo(() => (categories.data ? toNodes(categories.data.categories) : null), [categories.data]);
  const error = saveFailed
    ? t('admin.updateCategoriesFailed')
    : categories.isError
      ? t('admin.loadCategoriesFailed')
      : null;

  const filtered = useMemo(() => filterTree(tree ?? [], search), [tree, search]);
  const changed = selected.length !== initial.length || selected.some((id) => !initial.includes(id));

  const save = async () => {
    setSaveFailed(false);
    try {
      // Saving refreshes the product (its tag), so the open product page shows the new categories.
      await saveCategories({ productId: product.id, categoryIds: selected }).unwrap();
      notification.success({ title: t('admin.assignSuccess', { product: product.name }) });
      onSaved?.();
      onClose();
    } catch {
      setSaveFailed(true);
      notification.error({ title: t('admin.assignFailed') });
    }
  };

  return (
    <Modal
      open
      title={t('admin.assignCategoriesTitle', { product: product.name })}
      onCancel={onClose}
      onOk={save}
      okText={t('common:actions.save')}
      okButtonProps={{ disabled: !changed }}
      confirmLoading={saving}
      keyboard={false}
      mask={{ closable: false }}
    >
      <Input.Search aria-label={t('admin.searchCategories')} placeholder={t('admin.searchCategories')} onChange={(e) => setSearch(e.target.value)} allowClear />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {!tree && !error ? (
        <Spin />
      ) : filtered.nodes.length === 0 ? (
        <Typography.Paragraph>{search ? t('admin.noMatches') : t('admin.noCategories')}</Typography.Paragraph>
      ) : (
        <Tree<TreeNode>
          checkable
          checkStrictly
          style={{ maxHeight: 400, overflow: 'auto', marginTop: 12 }}
          treeData={filtered.nodes}
          expandedKeys={search ? filtered.expanded : undefined}
          checkedKeys={selected}
          onCheck={(keys) => setSelected((Array.isArray(keys) ? keys : keys.checked).map(Number))}
        />
      )}
    </Modal>
  );
}
