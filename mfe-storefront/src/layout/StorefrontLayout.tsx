/** Header plus main content for every storefront screen except the login screen (plain markup: no antd on first paint). */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Header } from '../features/header/Header';
import { useStorefrontT } from '../i18n';

export function PageSpinner() {
  const { t } = useStorefrontT();
  return (
    <div className="kl-page-spinner" role="status" aria-label={t('common:app.loading')}>
      <span className="kl-spinner" />
    </div>
  );
}

export function StorefrontLayout() {
  return (
    <div className="kl-layout">
      <Header />
      <main className="kl-main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
