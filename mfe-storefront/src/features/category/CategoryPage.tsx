/**
 * Category page /{slug} (spec §2, §4): breadcrumb, subcategories, filters (sidebar on desktop,
 * accordion on mobile), grid/list, pagination; the category's default sort is written to the
 * address when absent.
 */
import { AppstoreAddOutlined, EditOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Col, Collapse, Empty, Row, Space, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { selectIsAdmin, useAuthStore } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { errorMessage } from '../../lib/errors';
import { useAsync } from '../../lib/useAsync';
import { useIsMobile } from '../../lib/useIsMobile';
import { useFilterParams, type FilterValues } from '../filters/filter-params';
import { PaginationBar } from '../products/PaginationBar';
import type { DisplayType } from '../products/ProductCard';
import { ProductGrid } from '../products/ProductGrid';
import { ViewToggle } from '../products/ViewToggle';
import { CategoryHead } from '../seo/CategoryHead';
import { fetchCategoryFilters, fetchCategoryPage, fetchPopularSubcategoryProducts, type CategoryPageData } from './api';
import { CategoryGrid } from './CategoryCard';
import { readDisplayPreference, saveDisplayPreference } from './display-preference';
import { Typography } from '../../lib/typography';

const FilterPanel = lazy(() => import('../filters/FilterPanel'));
const CategorySettingsModal = lazy(() => import('../admin-modals/CategorySettingsModal'));
const AssignProductsModal = lazy(() => import('../admin-modals/AssignProductsModal'));

const DEFAULT_SORT_BY = 'manual';
const DEFAULT_SORT_ORDER = 'asc';

function CategoryFilters(props: {
  slug: string;
  values: FilterValues;
  onChange(patch: Partial<FilterValues>): void;
  onClearAll(): void;
}) {
  const { t } = useStorefrontT();
  const options = useAsync(() => fetchCategoryFilters(props.slug), props.slug);
  return (
    <Suspense fallback={<Spin />}>
      <FilterPanel
        context="category"
        values={props.values}
        onChange={props.onChange}
        onClearAll={props.onClearAll}
        options={options.data ?? { brands: [], stores: [] }}
      />
      {options.status === 'error' && <Typography.Text type="danger">{t('filters.loadFailed')}</Typography.Text>}
    </Suspense>
  );
}

function PopularFromSubcategories({ categoryId }: { categoryId: number }) {
  const { t } = useStorefrontT();
  const popular = useAsync(() => fetchPopularSubcategoryProducts(categoryId), String(categoryId));
  if (popular.status !== 'success' || popular.data.products.length === 0) return null;
  return (
    <section>
      <Typography.Title level={3}>{t('category.popularFromSubcategories')}</Typography.Title>
      <ProductGrid products={popular.data.products} columns={4} label={t('category.popularFromSubcategories')} />
    </section>
  );
}

export default function CategoryPage() {
  const { slug = '' } = useParams();
  const { t } = useStorefrontT();
  const isMobile = useIsMobile();
  const isAdmin = useAuthStore(selectIsAdmin);
  const { params, setParams, filters, page, update, clearAll, setPage } = useFilterParams();
  const [chosenDisplay, setChosenDisplay] = useState<{ slug: string; value: DisplayType } | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);

  const data = useAsync<CategoryPageData>(
    (signal) => fetchCategoryPage(slug, page, filters, signal),
    `${slug}?${params.toString()}`,
    // Filter, sort and page changes (and writing the default sort below) keep the page on screen.
    { scope: slug },
  );

  // With no sortBy/sortOrder in the address, write the category's defaults there (spec §4).
  const settings = data.data?.category.settings ?? null;
  const needsDefaultSort = !filters.sortBy || !filters.sortOrder;
  useEffect(() => {
    if (data.status !== 'success' || !needsDefaultSort) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!next.get('sortBy')) next.set('sortBy', settings?.defaultSortBy ?? DEFAULT_SORT_BY);
        if (!next.get('sortOrder')) next.set('sortOrder', settings?.defaultSortOrder ?? DEFAULT_SORT_ORDER);
        return next;
      },
      { replace: true },
    );
  }, [data.status, needsDefaultSort, settings, setParams]);

  if (data.status === 'loading') {
    return (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin size="large" aria-label={t('common:app.loading')} />
      </div>
    );
  }
  if (data.status === 'error') {
    return <Alert type="error" showIcon message={errorMessage(data.error, t('category.loadFailed'))} />;
  }

  const { category, products, pagination, breadcrumb, subcategories } = data.data;
  const hideFilters = Boolean(settings?.hideFiltersAndViewButtons);
  const displayType: DisplayType = hideFilters
    ? 'grid'
    : chosenDisplay?.slug === slug
      ? chosenDisplay.value
      : (readDisplayPreference(slug) ?? settings?.defaultDisplayType ?? 'grid');
  const chooseDisplay = (value: DisplayType) => {
    saveDisplayPreference(slug, value);
    setChosenDisplay({ slug, value });
  };
  const hasFilters = Boolean(
    filters.search || filters.brand || filters.store || filters.minPrice !== undefined || filters.maxPrice !== undefined,
  );
  const ancestors = breadcrumb.filter((entry) => entry.id !== category.id);
  const title = settings?.alternativeName || category.name;
  const filterPanel = <CategoryFilters slug={slug} values={filters} onChange={update} onClearAll={clearAll} />;

  const productsBlock = (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Text>{t('category.productsFound', { count: pagination.totalItems })}</Typography.Text>
        {!hideFilters && <ViewToggle value={displayType} onChange={chooseDisplay} />}
      </Space>
      {products.length > 0 ? (
        <>
          <ProductGrid
            products={products}
            columns={hideFilters ? 4 : 3}
            displayType={displayType}
            label={t('category.productsLabel', { name: title })}
          />
          <PaginationBar pagination={pagination} onChange={setPage} />
        </>
      ) : (
        <Empty description={t('category.noProducts')} />
      )}
    </>
  );

  return (
    <div className="kl-category-page" aria-busy={data.refreshing} style={data.refreshing ? { opacity: 0.6 } : undefined}>
      <CategoryHead category={category} breadcrumb={ancestors} products={products} totalItems={pagination.totalItems} />
      <Breadcrumb
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
        {isAdmin && (
          <Space>
            <Button
              icon={<EditOutlined />}
              onClick={() => window.open(`/admin/categories/${category.id}`, '_blank', 'noopener,noreferrer')}
            >
              {t('admin.editInBackend')}
            </Button>
            <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
              {t('admin.categorySettings')}
            </Button>
            <Button icon={<AppstoreAddOutlined />} onClick={() => setAssignOpen(true)}>
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
            onClose={(saved) => {
              setSettingsOpen(false);
              if (saved) data.reload();
            }}
          />
        </Suspense>
      )}
      {assignOpen && (
        <Suspense fallback={null}>
          <AssignProductsModal
            categoryId={category.id}
            categoryName={category.name}
            onClose={(saved) => {
              setAssignOpen(false);
              if (saved) data.reload();
            }}
          />
        </Suspense>
      )}
      {subcategories.length > 0 && (
        <section style={{ marginBottom: 24 }} aria-label={t('category.subcategories')}>
          <CategoryGrid categories={subcategories} columns={settings?.subcategoryColumns ?? 4} />
        </section>
      )}
      {hideFilters ? (
        productsBlock
      ) : isMobile ? (
        <>
          <Collapse
            style={{ marginBottom: 16 }}
            destroyOnHidden
            items={[{ key: 'filters', label: t('filters.title'), children: filterPanel }]}
          />
          {productsBlock}
        </>
      ) : (
        <Row gutter={24}>
          <Col span={8}>
            <aside aria-label={t('filters.title')}>{filterPanel}</aside>
          </Col>
          <Col span={16}>{productsBlock}</Col>
        </Row>
      )}
      {pagination.totalItems === 0 && !hasFilters && subcategories.length > 0 && (
        <PopularFromSubcategories categoryId={category.id} />
      )}
    </div>
  );
}
