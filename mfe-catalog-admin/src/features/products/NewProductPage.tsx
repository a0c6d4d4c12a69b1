/** /admin/products/new: name, brand, slug derived from the name until edited, description, identifiers. */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { trimValues, useAdminNotices, useAdminUrls, useSlugFollowsName } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { useCreateProductMutation } from './products-api';
import { slugTarget } from './slug-target';

interface NewProductValues {
  name: string;
  slug: string;
  brand?: string;
  description?: string;
  identifiers?: { type?: string; value?: string }[];
}

export function NewProductPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const notices = useAdminNotices();
  const [form] = Form.useForm<NewProductValues>();
  const slugFollowsName = useSlugFollowsName(slugTarget(form));
  const [createProduct, { isLoading }] = useCreateProductMutation();
  const [failed, setFailed] = useState<string | null>(null);

  const save = async (values: NewProductValues) => {
    setFailed(null);
    const { name, slug, brand, description } = trimValues({
      name: values.name,
      slug: values.slug,
      brand: values.brand ?? '',
      description: values.description ?? '',
    });
    const identifiers = (values.identifiers ?? [])
      .map((identifier) => ({ type: identifier.type?.trim() ?? '', value: identifier.value?.trim() ?? '' }))
      .filter((identifier) => identifier.type && identifier.value);
    try {
      const product = await createProduct({
        name,
        slug: slug || undefined,
        brand: brand || null,
        description: description || null,
        identifiers,
      }).unwrap();
      notices.success(t('products.created', { name: product.name }));
      navigate(urls.products.detail(product.id));
    } catch (error) {
      setFailed(error && typeof error === 'object' && 'message' in error ? String(error.message) : '');
    }
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('products.titles.new')}
      </Typography.Title>
      <Card style={{ maxWidth: 720 }}>
        <Form<NewProductValues>
          form={form}
          layout="vertical"
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
          <Form.Item name="description" label={t('products.fields.description')}>
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.List name="identifiers">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                <Typography.Text strong>{t('products.fields.identifiers')}</Typography.Text>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'type']} noStyle>
                      <Input
                        aria-label={t('products.fields.identifierType')}
                        placeholder={t('products.fields.identifierType')}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} noStyle>
                      <Input
                        aria-label={t('products.fields.identifierValue')}
                        placeholder={t('products.fields.identifierValue')}
                      />
                    </Form.Item>
                    <MinusCircleOutlined aria-label={t('common.remove')} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <div>
                  <Button icon={<PlusOutlined />} onClick={() => add({ type: 'EAN', value: '' })}>
                    {t('products.buttons.addIdentifier')}
                  </Button>
                </div>
              </Flex>
            )}
          </Form.List>
        </Form>
        {failed !== null ? (
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            title={t('products.createFailed')}
            description={failed || undefined}
          />
        ) : null}
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button type="primary" loading={isLoading} onClick={() => form.submit()}>
            {t('products.buttons.create')}
          </Button>
          <Button onClick={() => navigate(urls.products.list())}>{t('products.buttons.back')}</Button>
        </Flex>
      </Card>
    </Flex>
  );
}
