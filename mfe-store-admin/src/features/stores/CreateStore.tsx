/**
 * Adding a store (docs/product.md §2 "Admin stores", §8 "Failed to create store"): the same form
 * as a modal on the list and as the page /admin/stores/new. A created store opens its page.
 */
import { useAdminUrls } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Flex, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { statusOf } from '../query-errors';
import { NotYourStore, useStoreAccess } from './store-access';
import { StoreForm, toStoreInput, type StoreFormValues } from './StoreFormFields';
import { useCreateStoreMutation } from './stores-api';

function useCreateStore() {
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const [form] = Form.useForm<StoreFormValues>();
  const [createStore, { isLoading }] = useCreateStoreMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setFailure(null);
    const result = await createStore(toStoreInput(values));
    if (result.error) {
      // The server's message when it gave one (e.g. a taken slug), else the product's text.
      const message = statusOf(result.error) ? (result.error.message ?? '') : '';
      setFailure(message || t('stores.createFailed'));
      return;
    }
    form.resetFields();
    navigate(urls.stores.detail(result.data.id));
  };

  const failureAlert = failure ? <Alert type="error" showIcon title={failure} /> : null;
  return { form, submit, isLoading, failureAlert, clearFailure: () => setFailure(null) };
}

export function AddStoreModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useNamespaceT(NAMESPACE);
  const { form, submit, isLoading, failureAlert, clearFailure } = useCreateStore();
  return (
    <Modal
      open={open}
      title={t('stores.titles.add')}
      okText={t('stores.buttons.create')}
      cancelText={t('common.cancel')}
      confirmLoading={isLoading}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        clearFailure();
        onClose();
      }}
      forceRender
    >
      <Flex vertical gap={12}>
        {failureAlert}
        <StoreForm form={form} name="add-store" onFinish={submit} />
      </Flex>
    </Modal>
  );
}

export function NewStorePage() {
  const { t } = useNamespaceT(NAMESPACE);
  const navigate = useNavigate();
  const urls = useAdminUrls();
  const { form, submit, isLoading, failureAlert } = useCreateStore();
  const { mayAddStores } = useStoreAccess();
  if (!mayAddStores) return <NotYourStore reason="add" />;
  return (
    <Flex vertical gap={16}>
      <div>
        <Button onClick={() => navigate(urls.stores.list())}>{t('stores.buttons.back')}</Button>
      </div>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('stores.titles.add')}
      </Typography.Title>
      <Card style={{ maxWidth: 640 }}>
        {failureAlert}
        <StoreForm form={form} name="new-store" onFinish={submit} />
        <Button type="primary" loading={isLoading} onClick={submit}>
          {t('stores.buttons.create')}
        </Button>
      </Card>
    </Flex>
  );
}
