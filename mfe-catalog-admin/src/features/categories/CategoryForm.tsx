/**
 * Name (trimmed, required) and parent (blank = root) of a category, for /admin/categories/new and
 * for Edit on the detail page. The parent picker leaves out the category itself and its
 * descendants: a category cannot be moved under them (docs/product.md §5; the API refuses too).
 */
import { trimValues } from '@koopjesland/shared/admin';
import { Form, Input, TreeSelect } from 'antd';
import type { FormInstance } from 'antd';
import { useMemo } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { useCategoryTreeQuery } from './categories-api';
import { parentOptions, selfAndDescendants, toTreeNodes } from './tree';

export type CategoryFormValues = {
  name: string;
  parentId: number | null;
};

export function toCategoryInput(values: CategoryFormValues): CategoryFormValues {
  const { name, parentId } = trimValues(values);
  return { name, parentId: parentId ?? null };
}

export function CategoryForm({
  form,
  categoryId,
  initialValues,
  onFinish,
}: {
  form: FormInstance<CategoryFormValues>;
  /** The category being edited (left out of the parent choices with its descendants). */
  categoryId?: number;
  initialValues: CategoryFormValues;
  onFinish(values: CategoryFormValues): void;
}) {
  const { t } = useNamespaceT(NAMESPACE);
  const tree = useCategoryTreeQuery();
  const options = useMemo(() => {
    const nodes = toTreeNodes(tree.data ?? []);
    return parentOptions(nodes, categoryId === undefined ? new Set() : selfAndDescendants(nodes, categoryId));
  }, [tree.data, categoryId]);

  return (
    <Form<CategoryFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => onFinish(toCategoryInput(values))}
    >
      <Form.Item
        name="name"
        label={t('categories.fields.name')}
        rules={[{ required: true, whitespace: true, message: t('categories.validation.nameRequired') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="parentId" label={t('categories.fields.parent')} extra={t('categories.parentHint')}>
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          loading={tree.isLoading}
          treeData={options}
          treeDefaultExpandAll
          placeholder={t('categories.rootPlaceholder')}
        />
      </Form.Item>
    </Form>
  );
}
