/**
 * One loading state across the admin: a page that waits for its record shows a skeleton of a
 * page (title and lines) labelled Loading; a table shows its own loading overlay and no empty
 * text under it, since "No … found" is only true once the rows have arrived.
 */
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useNamespaceT } from '../i18n/use-namespace-t';

export function AdminPageLoading() {
  const { t } = useNamespaceT('common');
  return (
    <div role="status" aria-label={t('app.loading')} aria-busy="true">
      <Skeleton active title paragraph={{ rows: 6 }} />
    </div>
  );
}

/** A table's loading overlay with its empty text held back while it loads. */
export function tableLoading(loading: boolean, emptyText: ReactNode): { loading: boolean; locale: { emptyText: ReactNode } } {
  return { loading, locale: { emptyText: loading ? '' : emptyText } };
}
