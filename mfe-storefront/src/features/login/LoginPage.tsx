/**
 * Sign in / sign up (docs/product.md §2 "Login screen", §4, §5): tabs and a footer link toggle the mode
 * and clear form and error; typing clears the error; busy state disables the inputs.
 * After signing in the visitor returns to ?redirect= (else '/').
 */
import { Alert, Button, Form, Input, Tabs, Typography } from 'antd';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { selectIsAuthenticated, useAuthStore } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { safeRedirect } from './redirect';
import { useNotify } from '../notifications/notifications';
import { Card } from '../../lib/card';

type Mode = 'signIn' | 'signUp';

const PASSWORD_MIN_LENGTH = 6;

export default function LoginPage() {
  const { t } = useStorefrontT();
  const notification = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const authenticated = useAuthStore(selectIsAuthenticated);
  const login = useAuthStore((state) => state.login);
  const register = useAuthStore((state) => state.register);
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  /** The inline error: what went wrong ('Login failed') and, from the server, why. */
  const [error, setError] = useState<{ title: string; description?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const signedInHere = useRef(false);

  if (authenticated && !signedInHere.current) return <Navigate to="/" replace />;

  const switchMode = (next: Mode) => {
    setMode(next);
    setEmail('');
    setPassword('');
    setError(null);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!email.trim() || !password) {
      setError({ title: t('login.fillAllFields') });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      signedInHere.current = true;
      await (mode === 'signIn' ? login(email.trim(), password) : register(email.trim(), password));
      notification.success({ title: t('login.success') });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (caught) {
      signedInHere.current = false;
      setError({ title: t('login.failed'), description: caught instanceof Error && caught.message ? caught.message : t('login.genericError') });
      setBusy(false);
    }
  };

  const field = (setter: (value: string) => void) => (event: { target: { value: string } }) => {
    setter(event.target.value);
    if (error) setError(null);
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#fafafa', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Link to="/" aria-label={t('header.home')} style={{ display: 'block', textAlign: 'center', fontSize: 28, fontWeight: 700 }}>
          {t('common:app.name')}
        </Link>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('common:app.tagline')}
        </Typography.Paragraph>
        <Tabs
          activeKey={mode}
          onChange={(key) => switchMode(key as Mode)}
          centered
          items={[
            { key: 'signIn', label: t('login.signInTab') },
            { key: 'signUp', label: t('login.signUpTab') },
          ]}
        />
        {/* The browser checks the email's form and the password's length (spec §5) before submit runs. */}
        <form onSubmit={submit} aria-label={mode === 'signIn' ? t('login.signInTab') : t('login.signUpTab')}>
          <Form.Item label={t('login.email')} htmlFor="login-email" layout="vertical">
            <Input id="login-email" type="email" autoComplete="email" value={email} onChange={field(setEmail)} disabled={busy} />
          </Form.Item>
          <Form.Item label={t('login.password')} htmlFor="login-password" layout="vertical">
            <Input.Password
              id="login-password"
              minLength={PASSWORD_MIN_LENGTH}
              autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
              value={password}
              onChange={field(setPassword)}
              disabled={busy}
            />
          </Form.Item>
          {mode === 'signIn' && (
            <div style={{ textAlign: 'right', marginTop: -8, marginBottom: 16 }}>
              <Link to="/forgot-password">{t('account.forgot.link')}</Link>
            </div>
          )}
          {error && (
            <Alert
              type="error"
              showIcon
              title={error.title}
              description={error.description}
              role="alert"
              style={{ marginBottom: 16 }}
            />
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {mode === 'signIn' ? t('login.signInButton') : t('login.createAccountButton')}
          </Button>
        </form>
        <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16 }}>
          {mode === 'signIn' ? t('login.noAccount') : t('login.haveAccount')}{' '}
          <Button type="link" style={{ padding: 0 }} onClick={() => switchMode(mode === 'signIn' ? 'signUp' : 'signIn')}>
            {mode === 'signIn' ? t('login.signUpTab') : t('login.signInTab')}
          </Button>
        </Typography.Paragraph>
        <div style={{ textAlign: 'center' }}>
          <Link to="/">{t('login.backToDeals')}</Link>
        </div>
      </Card>
    </main>
  );
}
