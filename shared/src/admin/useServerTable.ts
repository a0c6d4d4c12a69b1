/**
 * A server-side paged list whose state is the address: `?page=2&sortBy=email&sortOrder=asc&search=…`
 * plus any filters the list names. Back, forward and refresh keep the list where it was; a
 * changed sort, search or filter starts again at page 1. Defaults stay out of the address, so a
 * plain `/admin/users` is the first page in the default order. Search is written 300 ms after the
 * last keystroke (docs/product.md §9). `tableProps` maps it all onto antd's Table once.
 */
import type { TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Pagination } from '@koopjesland/shared';

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

export type SortDirection = 'asc' | 'desc';

export interface ServerTableOptions<SortField extends string, FilterKey extends string> {
  sortFields: readonly SortField[];
  defaultSort: { sortBy: SortField; sortOrder: SortDirection };
  /** Query parameters this list filters by (their values are strings in the address). */
  filterKeys?: readonly FilterKey[];
  pageSize?: number;
}

export interface ServerTableQuery<SortField extends string, FilterKey extends string> {
  page: number;
  limit: number;
  sortBy: SortField;
  sortOrder: SortDirection;
  search?: string;
  filters: Partial<Record<FilterKey, string>>;
}

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const parsed = Number(value);
  return parsed >= 1 ? parsed : undefined;
}

export function useServerTable<SortField extends string, FilterKey extends string = never>({
  sortFields,
  defaultSort,
  filterKeys = [],
  pageSize = ADMIN_PAGE_SIZE,
}: ServerTableOptions<SortField, FilterKey>) {
  const [params, setParams] = useSearchParams();

  const query = useMemo<ServerTableQuery<SortField, FilterKey>>(() => {
    const sortBy = params.get('sortBy') as SortField | null;
    const sortOrder = params.get('sortOrder');
    const validSort = sortBy !== null && sortFields.includes(sortBy);
    const filters: Partial<Record<FilterKey, string>> = {};
    for (const key of filterKeys) {
      const value = params.get(key);
      if (value) filters[key] = value;
    }
    return {
      page: positiveInt(params.get('page')) ?? 1,
      limit: pageSize,
      sortBy: validSort ? sortBy : defaultSort.sortBy,
      sortOrder: validSort && (sortOrder === 'asc' || sortOrder === 'desc') ? sortOrder : defaultSort.sortOrder,
      search: params.get('search')?.trim() || undefined,
      filters,
    };
    // The option arrays are configuration: compared by content, not identity.
  }, [params, pageSize, defaultSort.sortBy, defaultSort.sortOrder, sortFields.join(), filterKeys.join()]);

  /** Writes changes to the address as a new history entry; `undefined` removes a parameter. */
  const update = useCallback(
    (changes: Record<string, string | number | undefined>, { resetPage }: { resetPage: boolean }) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (resetPage) next.delete('page');
        if (next.get('page') === '1') next.delete('page');
        if (next.get('sortBy') === defaultSort.sortBy && next.get('sortOrder') === defaultSort.sortOrder) {
          next.delete('sortBy');
          next.delete('sortOrder');
        }
        return next;
      });
    },
    [setParams, defaultSort.sortBy, defaultSort.sortOrder],
  );

  const setPage = useCallback((page: number) => update({ page }, { resetPage: false }), [update]);
  const setSort = useCallback(
    (sortBy: SortField, sortOrder: SortDirection) => update({ sortBy, sortOrder }, { resetPage: true }),
    [update],
  );
  const setFilter = useCallback(
    (key: FilterKey, value: string | undefined) => update({ [key]: value }, { resetPage: true }),
    [update],
  );

  // What the search box shows now; the address follows 300 ms after the last keystroke.
  const [searchText, setSearchText] = useState(query.search ?? '');
  const lastWritten = useRef(query.search ?? '');
  useEffect(() => {
    // Back/forward or a link changed the address: show its search.
    if ((query.search ?? '') !== lastWritten.current) {
      lastWritten.current = query.search ?? '';
      setSearchText(query.search ?? '');
    }
  }, [query.search]);
  useEffect(() => {
    if (searchText.trim() === lastWritten.current) return undefined;
    const timer = setTimeout(() => {
      lastWritten.current = searchText.trim();
      update({ search: searchText.trim() || undefined }, { resetPage: true });
    }, ADMIN_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, update]);

  /** `sortOrder` for a column, so antd shows the arrow of the current sort. */
  const sortOrderOf = useCallback(
    (field: SortField): SortOrder => (query.sortBy === field ? (query.sortOrder === 'asc' ? 'ascend' : 'descend') : null),
    [query.sortBy, query.sortOrder],
  );

  /** Sortable column props: `{ ...sortableColumn('email') }`. */
  const sortableColumn = useCallback(
    (field: SortField) => ({ key: field, sorter: true, sortOrder: sortOrderOf(field) }),
    [sortOrderOf],
  );

  function tableProps<Row>(pagination: Pagination | undefined): Pick<TableProps<Row>, 'pagination' | 'onChange'> {
    return {
      pagination: {
        current: query.page,
        pageSize,
        total: pagination?.totalItems ?? 0,
        showSizeChanger: false,
      },
      onChange: (next, _filters, sorter, { action }) => {
        if (action === 'sort') {
          const single = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = single?.columnKey as SortField | undefined;
          if (single?.order && field && sortFields.includes(field)) {
            setSort(field, single.order === 'ascend' ? 'asc' : 'desc');
          } else {
            setSort(defaultSort.sortBy, defaultSort.sortOrder);
          }
        } else if (action === 'paginate') {
          setPage(next.current ?? 1);
        }
      },
    };
  }

  return {
    query,
    setPage,
    setSort,
    setFilter,
    search: { value: searchText, onChange: setSearchText },
    sortOrderOf,
    sortableColumn,
    tableProps,
  };
}
