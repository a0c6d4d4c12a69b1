/** Header plus main content for every storefront screen except the login screen (plain markup: no antd on first paint). */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { CompareTray } from '../features/compare/CompareTray';
import { Header } from '../features/header/Header';
import { PageSpinner } from '../lib/feedback';

export function StorefrontLayout() {
  return (
    <div className="kl-layout">
      <Header />
      <main className="kl-main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <CompareTray />
    </div>
  );
}
