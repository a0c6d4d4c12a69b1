/**
 * One loading state and one empty state across the admin: a page that waits for its record shows
 * a skeleton of a page (title and lines) labelled Loading; a table shows its own loading overlay
 * and no empty text under it, since "No … found" is only true once the rows have arrived. An
 * empty list, in a table or not, shows antd's small Empty image above the list's own text, the
 * same image antd gives a table by default, so a table without its own text and one with it look
 * alike.
 */
import { Empty, Skeleton } from 'antd';
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

/** An empty admin list: the small Empty image with the list's own text ('No users found'). */
export function AdminEmpty({ description, children }: { description: ReactNode; children?: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {children}
    </Empty>
  );
}

/** A table's loading overlay, and its empty state (`AdminEmpty`) held back while it loads. */
export function tableLoading(loading: boolean, emptyText: ReactNode): { loading: boolean; locale: { emptyText: ReactNode } } {
  return { loading, locale: { emptyText: loading ? '' : <AdminEmpty description={emptyText} /> } };
}
