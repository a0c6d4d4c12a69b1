/**
 * Category page /{slug} (docs/product.md §2, §4): breadcrumb, subcategories, filters (sidebar on desktop,
 * accordion on mobile), grid/list, pagination; the category's default sort is written to the
 * address when absent.
 */
import AppstoreAddOutlined from '@ant-design/icons-svg/es/asn/AppstoreAddOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import { DEFAULT_CATEGORY_SETTINGS, errorMessage, useBrowserValue, useHydrated } from '@koopjesland/shared';
import { statusTextOf } from '../../lib/failure';
import { useStorefrontT } from '../../i18n';
import { useCanEditCatalog } from '../../lib/admin-access';
import { useIsMobile } from '../../lib/useIsMobile';
import { setSpecParam, useFilterParams, type FilterValues } from '../filters/filter-params';
import { facetFilters, useGetCategorySpecFacetsQuery } from '../specifications/api';
import { PaginationBar } from '../products/PaginationBar';
import type { DisplayType } from '../products/ProductCard';
import { ProductGrid } from '../products/ProductGrid';
import { ViewToggle } from '../products/ViewToggle';
import { CategoryHead } from '../seo/CategoryHead';
import type { StorefrontStore } from '../../api/store';
import {
  rememberAnswerFor,
  useGetCategoryFiltersQuery,
  useGetCategoryPageQuery,
  useGetPopularSubcategoryProductsQuery,
} from './api';
import { CategoryGrid } from './CategoryCard';
import { readDisplayPreference, saveDisplayPreference } from './display-preference';
import { Columns } from '../../lib/columns';
import { Disclosure } from '../../lib/disclosure';
import { HydrateLater } from '../../lib/hydrate-later';
import { whenIdle } from '../../lib/when-idle';
import { Typography } from '../../lib/typography';
import { Breadcrumb } from '../../lib/breadcrumb';
import { Button } from '../../lib/button';
import { Alert, Empty, PageSpinner, Spinner } from '../../lib/feedback';
import { Icon } from '../../lib/icon';
import { Space } from '../../lib/space';
import { lazyWithAntd } from '../../lib/lazy-with-antd';

const FilterPanel = lazy(() => import('../filters/FilterPanel'));
const CategorySettingsModal = lazyWithAntd(() =>
  import('../admin-modals/catalog-modals').then((modals) => ({ default: modals.CategorySettingsModal })),
);
const AssignProductsModal = lazyWithAntd(() =>
  import('../admin-modals/catalog-modals').then((modals) => ({ default: modals.AssignProductsModal })),
);

function CategoryFilters(props: {
  slug: string;
  values: FilterValues;
  onChange(patch: Partial<FilterValues>): void;
  onClearAll(): void;
}) {
  const { t } = useStorefrontT();
  // The options (a scan of the category's offers) are asked by the browser once the page is
  // hydrated: the server's HTML has the panel without them, and its render does not wait for them.
  const hydrated = useHydrated();
  const options = useGetCategoryFiltersQuery(props.slug, { skip: !hydrated });
  // The specification filters and their counts are part of the server's page (its loader asks them);
  // while new counts load the last ones stay.
  const facets = useGetCategorySpecFacetsQuery({ slug: props.slug, filters: facetFilters(props.values) });
  return (
    <Suspense fallback={<Spinner />}>
      <FilterPanel
        context="category"
        values={props.values}
        onChange={props.onChange}
        onClearAll={props.onClearAll}
        options={options.data ?? { brands: [], stores: [] }}
        specFacets={facets.data?.facets}
      />
      {options.isError && <Typography.Text type="danger">{t('filters.loadFailed')}</Typography.Text>}
    </Suspense>
  );
}

function PopularFromSubcategories({ categoryId }: { categoryId: number }) {
  const { t } = useStorefrontT();
  const popular = useGetPopularSubcategoryProductsQuery(categoryId);
  if (!popular.currentData || popular.currentData.products.length === 0) return null;
  return (
    <section>
      <Typography.Title level={2} size={3}>
        {t('category.popularFromSubcategories')}
      </Typography.Title>
      <ProductGrid products={popular.currentData.products} columns={4} label={t('category.popularFromSubcategories')} />
    </section>
  );
}

/** One page per category: another slug mounts a fresh page (spinner, its own state and data). */
export default function CategoryRoute() {
  const { slug = '' } = useParams();
  return <CategoryPage key={slug} slug={slug} />;
}

function CategoryPage({ slug }: { slug: string }) {
  const { t } = useStorefrontT();
  const isMobile = useIsMobile();
  const canEditCatalog = useCanEditCatalog();
  const { params, setParams, filters, page, update, clearAll, setPage } = useFilterParams();
  const [chosenDisplay, setChosenDisplay] = useState<{ slug: string; value: DisplayType } | null>(null);
  // The stored choice is the browser's: a server render (and its hydration) shows the category's default first.
  const storedDisplay = useBrowserValue(() => readDisplayPreference(slug), null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);

  // Filter, sort and page changes (and writing the default sort below) keep the last data on
  // screen while the next loads: `data` is the last result, `isFetching` marks it busy.
  const query = useGetCategoryPageQuery({ slug, page, filters });
  const loaded = query.isError ? undefined : query.data;

  const dispatch = useDispatch<StorefrontStore['dispatch']>();
  const answer = query.currentData;
  // The specification filters the API applied: a shared or bookmarked address may name a field the
  // category no longer has, which the API leaves out; the page's links and address leave it out too.
  // An API older than this remote says nothing: then it applied the address's own.
  const appliedSpec = answer?.spec === undefined ? filters.spec : answer.spec || undefined;
  const staleSpec = appliedSpec !== filters.spec;
  // With no sortBy/sortOrder in the address, write the category's defaults there (docs/product.md §4).
  const settings = loaded?.category.settings ?? null;
  const needsDefaultSort = !filters.sortBy || !filters.sortOrder;
  useEffect(() => {
    if (!loaded || (!needsDefaultSort && !staleSpec)) return;
    const sortBy = filters.sortBy || (settings?.defaultSortBy ?? DEFAULT_CATEGORY_SETTINGS.defaultSortBy);
    const sortOrder = filters.sortOrder || (settings?.defaultSortOrder ?? DEFAULT_CATEGORY_SETTINGS.defaultSortOrder);
    // Written when the browser is idle: the new address re-renders the page, which must not reach
    // its later-hydrated sections before they are hydrated.
    return whenIdle(() => {
      // The answer on screen is already in that order (the API applies the category's defaults) and
      // without the filters it left out.
      if (answer) void dispatch(rememberAnswerFor({ slug, page, filters }, { sortBy, sortOrder, spec: appliedSpec }, answer));
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!next.get('sortBy')) next.set('sortBy', sortBy);
          if (!next.get('sortOrder')) next.set('sortOrder', sortOrder);
          if (staleSpec) setSpecParam(next, appliedSpec);
          return next;
        },
        { replace: true },
      );
    });
    // Runs when the answer or the address changes; `filters` and `page` come from the address.
  }, [loaded, answer, needsDefaultSort, staleSpec, appliedSpec, settings, setParams, dispatch]);

  if (query.isError) {
    return (
      <Alert
        type="error"
        title={t('category.fetchFailed', { statusText: statusTextOf(query.error) })}
        description={errorMessage(query.error, t('category.loadFailed'))}
      />
    );
  }
  if (!loaded) {
    return <PageSpinner />;
  }

  const { category, products, pagination, breadcrumb, subcategories } = loaded;
  const refreshing = query.isFetching;
  const hideFilters = Boolean(settings?.hideFiltersAndViewButtons);
  // Without the view buttons nobody can choose: the category's own default applies.
  const displayType: DisplayType = hideFilters
    ? (settings?.defaultDisplayType ?? DEFAULT_CATEGORY_SETTINGS.defaultDisplayType)
    : chosenDisplay?.slug === slug
      ? chosenDisplay.value
      : (storedDisplay ?? settings?.defaultDisplayType ?? DEFAULT_CATEGORY_SETTINGS.defaultDisplayType);
  const chooseDisplay = (value: DisplayType) => {
    saveDisplayPreference(slug, value);
    setChosenDisplay({ slug, value });
  };
  const hasFilters = Boolean(
    filters.search ||
    filters.brand ||
    filters.store ||
    filters.minPrice !== undefined ||
    filters.maxPrice !== undefined ||
    appliedSpec,
  );
  const ancestors = breadcrumb.filter((entry) => entry.id !== category.id);
  const title = settings?.alternativeName || category.name;
  const filterPanel = (
    <HydrateLater>
      <CategoryFilters slug={slug} values={filters} onChange={update} onClearAll={clearAll} />
    </HydrateLater>
  );

  const productsBlock = (
    <HydrateLater>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Text>{t('category.productsFound', { count: pagination.totalItems })}</Typography.Text>
        {!hideFilters && <ViewToggle value={displayType} onChange={chooseDisplay} />}
      </Space>
      {products.length > 0 ? (
        <>
          <ProductGrid
            products={products}
            columns={hideFilters ? 4 : 3}
            eagerImages={hideFilters ? 4 : 3}
            headingLevel={2}
            displayType={displayType}
            label={t('category.productsLabel', { name: title })}
          />
          <PaginationBar pagination={pagination} onChange={setPage} params={staleSpec ? setSpecParam(new URLSearchParams(params), appliedSpec) : undefined} />
        </>
      ) : (
        <Empty description={t('category.noProducts')} />
      )}
    </HydrateLater>
  );

  return (
    <div className="kl-category-page" aria-busy={refreshing} style={refreshing ? { opacity: 0.6 } : undefined}>
      <CategoryHead category={category} breadcrumb={ancestors} products={products} totalItems={pagination.totalItems} />
      <Breadcrumb
        label={t('breadcrumb.label')}
        items={[
          { title: <Link to="/">{t('breadcrumb.home')}</Link> },
          ...ancestors.map((entry) => ({ title: <Link to={`/${entry.slug}`}>{entry.name}</Link> })),
          { title },
        ]}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ marginTop: 16 }}>
          {title}
        </Typography.Title>
        {canEditCatalog && (
          <Space>
            <Button
              icon={<Icon icon={EditOutlined} />}
              onClick={() => window.open(`/admin/categories/${category.id}`, '_blank', 'noopener,noreferrer')}
            >
              {t('admin.editInBackend')}
            </Button>
            <Button icon={<Icon icon={SettingOutlined} />} onClick={() => setSettingsOpen(true)}>
              {t('admin.categorySettings')}
            </Button>
            <Button icon={<Icon icon={AppstoreAddOutlined} />} onClick={() => setAssignOpen(true)}>
              {t('admin.assignProducts.button')}
            </Button>
          </Space>
        )}
      </Space>
      {settingsOpen && (
        <Suspense fallback={null}>
          <CategorySettingsModal
            categoryId={category.id}
            categoryName={category.name}
            // A save refreshes this page's data through its tag.
            onClose={() => setSettingsOpen(false)}
          />
        </Suspense>
      )}
      {assignOpen && (
        <Suspense fallback={null}>
          <AssignProductsModal
            categoryId={category.id}
            categoryName={category.name}
            onClose={() => setAssignOpen(false)}
          />
        </Suspense>
      )}
      {/* Subcategories, filters and products hydrate on their own (lib/hydrate-later). */}
      {subcategories.length > 0 && (
        <HydrateLater>
          <section style={{ marginBottom: 24 }} aria-label={t('category.subcategories')}>
            <CategoryGrid
              categories={subcategories}
              columns={settings?.subcategoryColumns ?? DEFAULT_CATEGORY_SETTINGS.subcategoryColumns}
            />
          </section>
        </HydrateLater>
      )}
      {hideFilters ? (
        productsBlock
      ) : isMobile ? (
        <>
          <Disclosure className="kl-category-filters" items={[{ key: 'filters', label: t('filters.title'), children: filterPanel }]} />
          {productsBlock}
        </>
      ) : (
        <Columns layout="sidebar">
          <aside aria-label={t('filters.title')}>{filterPanel}</aside>
          <div>{productsBlock}</div>
        </Columns>
      )}
      {pagination.totalItems === 0 && !hasFilters && subcategories.length > 0 && (
        <PopularFromSubcategories categoryId={category.id} />
      )}
    </div>
  );
}
