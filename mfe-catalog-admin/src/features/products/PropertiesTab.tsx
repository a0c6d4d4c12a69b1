/** A product's properties: add (name and value trimmed, non-empty; docs/product.md §5), edit, delete. */
import type { ProductProperty } from '@koopjesland/shared';
import { AdminEmpty, useAdminMutation, useConfirm } from '@koopjesland/shared/admin';
import { Button, Flex, Form, Input, Table } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { useAddPropertyMutation, useDeletePropertyMutation, useUpdatePropertyMutation } from './products-api';

interface PropertyValues {
  name: string;
  value: string;
}

export function PropertiesTab({ productId, properties }: { productId: number; properties: ProductProperty[] }) {
  const { t } = useNamespaceT(NAMESPACE);
  const run = useAdminMutation();
  const confirm = useConfirm();
  const [form] = Form.useForm<PropertyValues>();
  const [editForm] = Form.useForm<PropertyValues>();
  const [addProperty, adding] = useAddPropertyMutation();
  const [updateProperty] = useUpdatePropertyMutation();
  const [deleteProperty] = useDeletePropertyMutation();
  const [editingId, setEditingId] = useState<number | null>(null);
  const required = (message: string) => [{ required: true, whitespace: true, message }];

  const add = async ({ name, value }: PropertyValues) => {
    if (await run(addProperty({ productId, name: name.trim(), value: value.trim() }), { failure: t('properties.saveFailed') }))
      form.resetFields();
  };
  const update = async (id: number, { name, value }: PropertyValues) => {
    if (await run(updateProperty({ productId, id, name: name.trim(), value: value.trim() }), { failure: t('properties.saveFailed') }))
      setEditingId(null);
  };
  const remove = async (property: ProductProperty) => {
    if (!(await confirm({ content: { text: t('properties.confirmDelete', { name: property.name }) }, danger: true })))
      return;
    await run(deleteProperty({ productId, id: property.id }), { failure: t('properties.deleteFailed') });
  };

  const columns: TableProps<ProductProperty>['columns'] = [
    {
      key: 'name',
      title: t('properties.name'),
      render: (_value, property) =>
        editingId === property.id ? (
          <Form.Item name="name" rules={required(t('properties.nameRequired'))} style={{ margin: 0 }}>
            <Input aria-label={t('properties.name')} />
          </Form.Item>
        ) : (
          property.name
        ),
    },
    {
      key: 'value',
      title: t('properties.value'),
      render: (_value, property) =>
        editingId === property.id ? (
          <Form.Item name="value" rules={required(t('properties.valueRequired'))} style={{ margin: 0 }}>
            <Input aria-label={t('properties.value')} />
          </Form.Item>
        ) : (
          property.value
        ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, property) =>
        editingId === property.id ? (
          <Flex gap={4}>
            <Button size="small" type="primary" onClick={() => editForm.submit()}>
              {t('common.save')}
            </Button>
            <Button size="small" onClick={() => setEditingId(null)}>
              {t('common.cancel')}
            </Button>
          </Flex>
        ) : (
          <Flex gap={4}>
            <Button
              size="small"
              onClick={() => {
                editForm.setFieldsValue({ name: property.name, value: property.value });
                setEditingId(property.id);
              }}
            >
              {t('common.edit')}
            </Button>
            <Button size="small" danger onClick={() => void remove(property)}>
              {t('common.delete')}
            </Button>
          </Flex>
        ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Form<PropertyValues>
        form={editForm}
        component={false}
        onFinish={(values) => editingId !== null && void update(editingId, values)}
      >
        <Table<ProductProperty>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={properties}
          pagination={false}
          locale={{ emptyText: <AdminEmpty description={t('properties.empty')} /> }}
        />
      </Form>
      <Form<PropertyValues> form={form} layout="inline" onFinish={(values) => void add(values)}>
        <Form.Item name="name" rules={required(t('properties.nameRequired'))}>
          <Input aria-label={t('properties.newName')} placeholder={t('properties.name')} />
        </Form.Item>
        <Form.Item name="value" rules={required(t('properties.valueRequired'))}>
          <Input aria-label={t('properties.newValue')} placeholder={t('properties.value')} />
        </Form.Item>
        <Button htmlType="submit" loading={adding.isLoading}>
          {t('properties.add')}
        </Button>
      </Form>
    </Flex>
  );
}
