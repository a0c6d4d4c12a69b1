/** The centred card the login, forgot-password and reset-password screens share, without the main layout. */
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStorefrontT } from '../../i18n';
import { Card } from '../../lib/card';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useStorefrontT();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#fafafa', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Link to="/" aria-label={t('header.home')} style={{ display: 'block', textAlign: 'center', fontSize: 28, fontWeight: 700 }}>
          {t('common:app.name')}
        </Link>
        <Typography.Title level={1} style={{ fontSize: 20, textAlign: 'center' }}>
          {title}
        </Typography.Title>
        {children}
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to="/login">{t('account.backToSignIn')}</Link>
        </div>
      </Card>
    </main>
  );
}
