/**
 * /reset-password?token=…: the page the reset (or invitation) mail links to. Sets a new password;
 * an unknown, used or expired link is refused by the server with its reason.
 */
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useStorefrontT } from '../../i18n';
import { AuthCard } from './AuthCard';
import { failureMessage, useResetPasswordMutation } from './account-api';
import { PASSWORD_MIN_LENGTH, useNewPasswordRules } from './password-rules';

interface ResetValues {
  password: string;
  confirm: string;
}

export default function ResetPasswordPage() {
  const { t } = useStorefrontT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rules = useNewPasswordRules('password');

  const submit = async ({ password }: ResetValues) => {
    setError(null);
    const result = await resetPassword({ token, password });
    if ('error' in result) setError(failureMessage(result.error, t('login.genericError')));
    else setDone(true);
  };

  if (!token) {
    return (
      <AuthCard title={t('account.reset.title')}>
        <Alert type="error" showIcon role="alert" title={t('account.reset.missingToken')} />
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to="/forgot-password">{t('account.forgot.link')}</Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('account.reset.title')}>
      {done ? (
        <Alert type="success" showIcon role="status" title={t('account.reset.done')} />
      ) : (
        <Form<ResetValues> layout="vertical" onFinish={(values) => void submit(values)} disabled={isLoading}>
          <Form.Item name="password" label={t('account.newPassword')} rules={rules.password}>
            <Input.Password autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} />
          </Form.Item>
          <Form.Item name="confirm" label={t('account.confirmPassword')} dependencies={['password']} rules={rules.confirm}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            {t('account.reset.submit')}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
