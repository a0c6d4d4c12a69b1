/**
 * /forgot-password: asks for a reset link by e-mail. The answer is the same whether or not an
 * account exists for the address, so the page never tells who has one.
 */
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useStorefrontT } from '../../i18n';
import { AuthCard } from './AuthCard';
import { failureMessage, useForgotPasswordMutation } from './account-api';

export default function ForgotPasswordPage() {
  const { t } = useStorefrontT();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ email }: { email: string }) => {
    setError(null);
    const result = await forgotPassword({ email: email.trim() });
    if ('error' in result) setError(failureMessage(result.error, t('login.genericError')));
    else setSentTo(email.trim());
  };

  return (
    <AuthCard title={t('account.forgot.title')}>
      {sentTo ? (
        <Alert type="success" showIcon role="status" title={t('account.forgot.sent', { email: sentTo })} />
      ) : (
        <Form layout="vertical" onFinish={(values: { email: string }) => void submit(values)} disabled={isLoading}>
          <Form.Item
            name="email"
            label={t('login.email')}
            rules={[
              { required: true, whitespace: true, message: t('login.fillAllFields') },
              { type: 'email', message: t('account.invalidEmail') },
            ]}
            extra={t('account.forgot.explanation')}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
          {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            {t('account.forgot.submit')}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
