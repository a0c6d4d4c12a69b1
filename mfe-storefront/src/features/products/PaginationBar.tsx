/** Pagination with first/last pages always reachable ("with edges"). */
import { Pagination as AntPagination } from 'antd';
import type { Pagination } from '@koopjesland/shared';

export function PaginationBar({ pagination, onChange }: { pagination: Pagination; onChange(page: number): void }) {
  if (pagination.totalPages <= 1) return null;
  return (
    <AntPagination
      style={{ marginTop: 24, justifyContent: 'center' }}
      current={pagination.currentPage}
      total={pagination.totalItems}
      pageSize={pagination.itemsPerPage}
      showSizeChanger={false}
      showLessItems
      onChange={onChange}
    />
  );
}
