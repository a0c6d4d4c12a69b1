/** Header plus main content for every storefront screen except the login screen. */
import { Layout, Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Header } from '../features/header/Header';

export function PageSpinner() {
  return (
    <div style={{ textAlign: 'center', padding: 48 }}>
      <Spin size="large" />
    </div>
  );
}

export function StorefrontLayout() {
  return (
    <Layout style={{ minHeight: '100vh', background: '#fafafa' }}>
      <Header />
      <Layout.Content className="kl-main" style={{ padding: '24px 16px', maxWidth: 1280, width: '100%', margin: '0 auto' }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
