/** /admin/categories/new: name and parent; saving opens the new category. */
import { useNamespaceT, errorMessage } from '@koopjesland/shared';
import { useAdminNotices, useAdminUrls } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { useCreateCategoryMutation } from './categories-api';
import { CategoryForm, type CategoryFormValues } from './CategoryForm';

export function NewCategoryPage() {
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const notices = useAdminNotices();
  const [params] = useSearchParams();
  const [form] = Form.useForm<CategoryFormValues>();
  const [createCategory, { isLoading }] = useCreateCategoryMutation();
  const [failed, setFailed] = useState<string | null>(null);
  const parent = Number(params.get('parentId'));

  const save = async (values: CategoryFormValues) => {
    setFailed(null);
    try {
      const category = await createCategory(values).unwrap();
      notices.success(t('categories.created', { name: category.name }));
      navigate(urls.categories.detail(category.id));
    } catch (error) {
      setFailed(errorMessage(error, ''));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('categories.titles.new')}
      </Typography.Title>
      <Card style={{ maxWidth: 640 }}>
        <CategoryForm
          form={form}
          initialValues={{ name: '', parentId: parent > 0 ? parent : null }}
          onFinish={(values) => void save(values)}
        />
        {failed !== null ? (
          <Alert type="error" showIcon title={t('categories.createFailed')} description={failed || undefined} />
        ) : null}
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button type="primary" loading={isLoading} onClick={() => form.submit()}>
            {t('categories.buttons.create')}
          </Button>
          <Button onClick={() => navigate(urls.categories.list())}>{t('categories.buttons.back')}</Button>
        </Flex>
      </Card>
    </Flex>
  );
}
