/**
 * Edit Product (docs/product.md §5: name and slug required): name, slug, brand, image, description,
 * categories. Reset returns the form to the last saved values (§4 "Product edit").
 */
import type { Product } from '@koopjesland/shared';
import { trimValues, useAdminNotices, useSlugFollowsName } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Flex, Form, Input, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import type { Category } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { useCategoryTreeQuery } from '../categories/categories-api';
import { useUpdateProductMutation } from './products-api';
import { slugTarget } from './slug-target';

export type ProductFormValues = {
  name: string;
  slug: string;
  brand: string;
  image: string;
  description: string;
  categoryIds: number[];
};

/** The form's values for a saved product. */
export function formValuesOf(product: Product): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    brand: product.brand ?? '',
    image: product.image ?? '',
    description: product.description ?? '',
    categoryIds: product.categoryIds ?? product.categories?.map((category) => category.id) ?? [],
  };
}

interface Option {
  value: number;
  title: string;
  children: Option[];
}
const toOptions = (categories: Category[]): Option[] =>
  categories.map((category) => ({
    value: category.id,
    title: category.name,
    children: toOptions(category.childCategories ?? []),
  }));

export function ProductEditForm({ product }: { product: Product }) {
  const { t } = useNamespaceT(NAMESPACE);
  const notices = useAdminNotices();
  const [form] = Form.useForm<ProductFormValues>();
  const slugFollowsName = useSlugFollowsName(slugTarget(form), { startManual: true });
  const [updateProduct, { isLoading }] = useUpdateProductMutation();
  const [failed, setFailed] = useState<string | null>(null);
  const tree = useCategoryTreeQuery();
  const options = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
  const saved = useMemo(() => formValuesOf(product), [product]);

  const save = async (values: ProductFormValues) => {
    setFailed(null);
    const { name, slug, brand, image, description } = trimValues(values);
    try {
      const updated = await updateProduct({
        id: product.id,
        name,
        slug,
        brand: brand || null,
        image: image || null,
        description: description || null,
        categoryIds: values.categoryIds,
      }).unwrap();
      // The saved values are the new 'last saved' ones Reset returns to.
      form.setFieldsValue(formValuesOf(updated));
      notices.success(t('products.saved'));
    } catch (error) {
      setFailed(error && typeof error === 'object' && 'message' in error ? String(error.message) : '');
    }
  };

  return (
    <Card title={t('products.titles.edit')}>
      <Form<ProductFormValues>
        form={form}
        layout="vertical"
        initialValues={saved}
        onValuesChange={slugFollowsName}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="name"
          label={t('products.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('products.validation.nameRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="slug"
          label={t('products.fields.slug')}
          rules={[{ required: true, whitespace: true, message: t('products.validation.slugRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="brand" label={t('products.fields.brand')}>
          <Input />
        </Form.Item>
        <Form.Item name="image" label={t('products.fields.image')}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('products.fields.description')}>
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item name="categoryIds" label={t('products.fields.categories')}>
          <TreeSelect<number[]>
            multiple
            treeData={options}
            loading={tree.isLoading}
            showSearch={{ treeNodeFilterProp: 'title' }}
          />
        </Form.Item>
      </Form>
      {failed !== null ? (
        <Alert type="error" showIcon title={t('products.saveFailed')} description={failed || undefined} />
      ) : null}
      <Flex gap={8} style={{ marginTop: 16 }}>
        <Button type="primary" loading={isLoading} onClick={() => form.submit()}>
          {t('common.save')}
        </Button>
        <Button onClick={() => form.setFieldsValue(saved)}>{t('products.buttons.reset')}</Button>
      </Flex>
    </Card>
  );
}
