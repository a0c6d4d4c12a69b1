/**
 * Pagination with edges (docs/product.md §4): previous, the first page, the pages around the
 * current one, the last page, next. Every page is a real link to its address, for crawlers and
 * for opening in a new tab; a plain click pages within the app. Plain markup (styles in
 * storefront.css): antd's Pagination brings its page-size Select and its inline CSS to every
 * server-rendered category page.
 */
import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Pagination } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';

/** The current address with `page` set (page 1 has none). */
function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The page numbers shown, with `null` for a gap: 1 … 4 5 6 … 12. */
export function visiblePages(current: number, total: number): (number | null)[] {
  const shown = new Set([1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total));
  // A gap of one page shows that page instead of an ellipsis.
  if (shown.has(3) && !shown.has(2)) shown.add(2);
  if (shown.has(total - 2) && !shown.has(total - 1)) shown.add(total - 1);
  const pages = [...shown].sort((a, b) => a - b);
  return pages.flatMap((page, index) => (index > 0 && page - pages[index - 1]! > 1 ? [null, page] : [page]));
}

export function PaginationBar({
  pagination,
  onChange,
  params,
}: {
  pagination: Pagination;
  onChange(page: number): void;
  /** The parameters the links keep, when not the address's own (a filter the page did not apply is left out). */
  params?: URLSearchParams;
}) {
  const { t } = useStorefrontT();
  const location = useLocation();
  const { pathname } = location;
  const search = params ? params.toString() : location.search;
  const total = pagination.totalPages;
  if (total <= 1) return null;
  const current = Math.min(Math.max(pagination.currentPage, 1), total);

  const link = (page: number, content: ReactNode, extra: { label?: string; current?: boolean } = {}) => {
    const open = (event: MouseEvent<HTMLAnchorElement>) => {
      // A click with a modifier key opens the address as the browser would.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (page !== current) onChange(page);
    };
    return (
      <a
        className="kl-page-link"
        href={pageHref(pathname, search, page)}
        onClick={open}
        aria-label={extra.label}
        aria-current={extra.current ? 'page' : undefined}
      >
        {content}
      </a>
    );
  };
  const edge = (page: number, label: string, symbol: string) =>
    page >= 1 && page <= total ? (
      link(page, symbol, { label })
    ) : (
      <span className="kl-page-link" aria-disabled="true" aria-label={label}>
        {symbol}
      </span>
    );

  return (
    <nav className="kl-pagination" aria-label={t('pagination.label')}>
      <ul>
        <li>{edge(current - 1, t('pagination.previous'), '‹')}</li>
        {visiblePages(current, total).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="kl-page-gap" aria-hidden>
              …
            </li>
          ) : (
            <li key={page}>{link(page, page, { current: page === current })}</li>
          ),
        )}
        <li>{edge(current + 1, t('pagination.next'), '›')}</li>
      </ul>
    </nav>
  );
}
