/** Pagination with first/last pages always reachable ("with edges"). */
import { Pagination as AntPagination, type PaginationProps } from 'antd';
import { useLocation } from 'react-router-dom';
import type { Pagination } from '@koopjesland/shared';

/** The current address with `page` set (page 1 has none), so every page number is a real link for crawlers. */
function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function PaginationBar({ pagination, onChange }: { pagination: Pagination; onChange(page: number): void }) {
  const { pathname, search } = useLocation();
  if (pagination.totalPages <= 1) return null;
  // antd calls onChange from the item's click; the link only stops the browser from loading the page anew.
  const itemRender: PaginationProps['itemRender'] = (page, type, original) =>
    type === 'page' ? (
      <a href={pageHref(pathname, search, page)} onClick={(event) => event.preventDefault()}>
        {page}
      </a>
    ) : (
      original
    );
  return (
    <AntPagination
      style={{ marginTop: 24, justifyContent: 'center' }}
      current={pagination.currentPage}
      total={pagination.totalItems}
      pageSize={pagination.itemsPerPage}
      showSizeChanger={false}
      showLessItems
      itemRender={itemRender}
      onChange={onChange}
    />
  );
}
