/**
 * Search /search (docs/product.md §2): q, page, brand, store, category, minPrice, maxPrice, sortBy
 * (default relevance), sortOrder (default desc); filter panel, grid/list, pagination.
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStorefrontT } from '../../i18n';
import { errorMessage, useHydrated, type Pagination } from '@koopjesland/shared';
import { statusTextOf } from '../../lib/failure';
import { useIsMobile } from '../../lib/useIsMobile';
import { Columns } from '../../lib/columns';
import { useFilterParams } from '../filters/filter-params';
import type { DisplayType } from '../products/ProductCard';
import { ProductGrid } from '../products/ProductGrid';
import { ViewToggle } from '../products/ViewToggle';
import { PageHead } from '../seo/PageHead';
import { searchPageArgs, useGetSearchFiltersQuery, useSearchProductsQuery } from './api';
import { facetFilters, useGetSearchSpecFacetsQuery } from '../specifications/api';
import { Button } from '../../lib/button';
import { Alert, Empty, PageSpinner, Spinner } from '../../lib/feedback';
import { Space } from '../../lib/space';
import { Typography } from '../../lib/typography';

const FilterPanel = lazy(() => import('../filters/FilterPanel'));

/**
 * 'Page x of y' with previous and next (§2), usable once the page is hydrated: a click on the
 * server's markup would be lost. A component of its own so that only it re-renders when hydration
 * ends: a re-render of the page then would pass new props to the filter panel's boundary while it
 * may still be dehydrated, and React would replace it with its fallback (a layout shift, CLS 0.58).
 */
function SearchPaging({ pagination, onChange }: { pagination: Pagination; onChange(page: number): void }) {
  const { t } = useStorefrontT();
  const hydrated = useHydrated();
  if (pagination.totalPages <= 1) return null;
  return (
    <Space style={{ width: '100%', justifyContent: 'center', marginTop: 24 }}>
      <Button disabled={!hydrated || pagination.currentPage <= 1} onClick={() => onChange(pagination.currentPage - 1)}>
        {t('pagination.previous')}
      </Button>
      <Typography.Text>
        {t('pagination.pageOf', { current: pagination.currentPage, total: pagination.totalPages })}
      </Typography.Text>
      <Button
        disabled={!hydrated || pagination.currentPage >= pagination.totalPages}
        onClick={() => onChange(pagination.currentPage + 1)}
      >
        {t('pagination.next')}
      </Button>
    </Space>
  );
}

export default function SearchPage() {
  const { t } = useStorefrontT();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { filters, page, update, clearAll, setPage } = useFilterParams({ searchParam: 'q', keepOnClear: ['q'] });
  const [displayType, setDisplayType] = useState<DisplayType>('grid');
  const args = searchPageArgs(filters, page);
  const values = args.filters;
  // Each new search, filter or page shows the spinner: `currentData` is only this request's answer.
  const results = useSearchProductsQuery(args);
  const options = useGetSearchFiltersQuery(filters.search);
  // The specification filters of the chosen category, or of the one most results are in.
  const facets = useGetSearchSpecFacetsQuery(facetFilters(filters));
  const query = filters.search ?? '';

  const panel = (
    <Suspense fallback={<Spinner />}>
      <FilterPanel
        context="search"
        values={values}
        onChange={update}
        onClearAll={clearAll}
        options={options.currentData ?? { brands: [], stores: [], categories: [] }}
        specFacets={facets.data?.facets}
        specCategory={facets.data?.category?.slug}
      />
    </Suspense>
  );

  const found = results.currentData;
  let content;
  if (results.isError) {
    content = (
      <Alert
        type="error"
        title={t('search.fetchFailed', { statusText: statusTextOf(results.error) })}
        description={errorMessage(results.error, t('search.loadFailed'))}
      />
    );
  } else if (!found) {
    content = <PageSpinner />;
  } else if (found.products.length === 0) {
    content = (
      <Empty description={query ? t('search.noResultsFor', { query }) : t('search.noResults')}>
        <Button onClick={() => navigate(-1)}>{t('search.goBack')}</Button>
      </Empty>
    );
  } else {
    const { products, pagination } = found;
    content = (
      <>
        <ProductGrid
          products={products}
          columns={3}
          eagerImages={3}
          headingLevel={2}
          displayType={displayType}
          label={t('search.resultsLabel')}
        />
        <SearchPaging pagination={pagination} onChange={setPage} />
      </>
    );
  }

  const count = found && !results.isError ? found.pagination.totalItems : null;
  const title = query ? t('search.titleFor', { query }) : t('search.title');
  return (
    <div className="kl-search-page">
      <PageHead title={title} canonicalPath={`/search${query ? `?q=${encodeURIComponent(query)}` : ''}`} noindex />
      <Typography.Title level={1}>{title}</Typography.Title>
      {count !== null && <Typography.Paragraph>{t('search.resultCount', { count })}</Typography.Paragraph>}
      {isMobile ? (
        <>
          <div style={{ marginBottom: 16 }}>{panel}</div>
          <Space style={{ marginBottom: 16 }}>
            <ViewToggle value={displayType} onChange={setDisplayType} />
          </Space>
          {content}
        </>
      ) : (
        <Columns layout="sidebar">
          <aside aria-label={t('filters.title')}>{panel}</aside>
          <div>
            <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'flex-end' }}>
              <ViewToggle value={displayType} onChange={setDisplayType} />
            </Space>
            {content}
          </div>
        </Columns>
      )}
    </div>
  );
}
