/**
 * /account: the signed-in visitor's own account. Changing the password needs the current one and
 * signs out every other session; deleting the account needs the password and a confirmation,
 * then signs out here too. Anonymous visitors are sent to sign in first.
 */
import { selectIsAuthenticated, useAuthStore } from '@koopjesland/shared';
import { Alert, Button, Flex, Form, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useStorefrontT } from '../../i18n';
import { useNotify } from '../notifications/notifications';
import { failureMessage, useChangePasswordMutation, useDeleteAccountMutation } from './account-api';
import { PASSWORD_MIN_LENGTH, useNewPasswordRules } from './password-rules';
import { loginPathFor } from './redirect';
import { Card } from '../../lib/card';

interface ChangeValues {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

function ChangePassword() {
  const { t } = useStorefrontT();
  const notification = useNotify();
  const [form] = Form.useForm<ChangeValues>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const rules = useNewPasswordRules('newPassword');

  const submit = async ({ currentPassword, newPassword }: ChangeValues) => {
    setError(null);
    const result = await changePassword({ currentPassword, newPassword });
    if ('error' in result) {
      setError(failureMessage(result.error, t('login.genericError')));
      return;
    }
    form.resetFields();
    notification.success({ title: t('account.change.done') });
  };

  return (
    <Card title={t('account.change.title')}>
      <Form<ChangeValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} disabled={isLoading}>
        <Form.Item name="currentPassword" label={t('account.currentPassword')} rules={[{ required: true, message: t('login.fillAllFields') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('account.newPassword')} rules={rules.password} extra={t('account.change.explanation')}>
          <Input.Password autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} />
        </Form.Item>
        <Form.Item name="confirm" label={t('account.confirmPassword')} dependencies={['newPassword']} rules={rules.confirm}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('account.change.submit')}
        </Button>
      </Form>
    </Card>
  );
}

function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useStorefrontT();
  const notification = useNotify();
  const logout = useAuthStore((state) => state.logout);
  const [form] = Form.useForm<{ password: string }>();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    const { password } = await form.validateFields();
    setError(null);
    const result = await deleteAccount({ password });
    if ('error' in result) {
      setError(failureMessage(result.error, t('login.genericError')));
      return;
    }
    // Marked first, so the page sends the now anonymous visitor home, not to sign in.
    onDeleted();
    await logout();
    notification.success({ title: t('account.delete.done') });
  };

  return (
    <Card title={t('account.delete.title')}>
      <Typography.Paragraph>{t('account.delete.explanation')}</Typography.Paragraph>
      <Form form={form} layout="vertical" disabled={isLoading}>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.fillAllFields') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Popconfirm
          title={t('account.delete.confirm')}
          okText={t('account.delete.submit')}
          okButtonProps={{ danger: true }}
          cancelText={t('account.cancel')}
          onConfirm={() => remove().catch(() => undefined)}
        >
          <Button danger loading={isLoading}>
            {t('account.delete.submit')}
          </Button>
        </Popconfirm>
      </Form>
    </Card>
  );
}

export default function AccountPage() {
  const { t } = useStorefrontT();
  const location = useLocation();
  const authenticated = useAuthStore(selectIsAuthenticated);
  const email = useAuthStore((state) => state.user?.email);
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <Navigate to="/" replace />;
  if (!authenticated) return <Navigate to={loginPathFor(location)} replace />;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 560, margin: '24px auto', width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
        {t('account.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{email}</Typography.Text>
      <ChangePassword />
      <DeleteAccount onDeleted={() => setDeleted(true)} />
    </Flex>
  );
}
