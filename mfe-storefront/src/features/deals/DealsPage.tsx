/**
 * /deals (docs/product.md "Honest deals"): products whose lowest total today is below their
 * usual price (the median of the daily lowest over the previous 30 days), best deal first, 20 a
 * page, optionally in one category and its subcategories. Page and category live in the address
 * (`?category=<slug>&page=<n>`), so back, refresh and shared links keep them.
 */
import { Alert, Empty, Select, Spin } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, type Category } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { Typography } from '../../lib/typography';
import { useGetNavigationCategoriesQuery } from '../category-drawer/api';
import { PaginationBar } from '../products/PaginationBar';
import { ProductGrid } from '../products/ProductGrid';
import { PageHead } from '../seo/PageHead';
import { useGetDealsQuery } from './api';

const ALL = '';
const COLUMNS = 4;

/** The category tree as select options, depth-first, children indented under their parent. */
export function categoryOptions(tree: readonly Category[], depth = 0): { value: string; label: string }[] {
  return tree.flatMap((category) => [
    { value: category.slug, label: `${'\u2003'.repeat(depth)}${category.name}` },
    ...categoryOptions(category.childCategories ?? [], depth + 1),
  ]);
}

const pageOf = (text: string | null) => {
  const page = Number(text);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

export default function DealsPage() {
  const { t } = useStorefrontT();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') || undefined;
  const page = pageOf(params.get('page'));
  const deals = useGetDealsQuery({ page, category });
  const navigation = useGetNavigationCategoriesQuery();
  const options = useMemo(() => categoryOptions(navigation.data ?? []), [navigation.data]);

  const go = (next: { category?: string; page?: number }) => {
    const search = new URLSearchParams();
    if (next.category) search.set('category', next.category);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  // The answer for this page and category only: another category's deals never stand in while loading.
  const data = deals.currentData;
  let content;
  if (deals.isError)
    content = <Alert type="error" showIcon title={t('deals.loadFailed')} description={errorMessage(deals.error, '')} />;
  else if (!data) content = <Spin />;
  else if (data.products.length === 0)
    content = (
      <Empty
        description={
          <>
            <Typography.Text strong style={{ display: 'block' }}>{t('deals.empty')}</Typography.Text>
            <Typography.Text type="secondary">{t('deals.emptyHint')}</Typography.Text>
          </>
        }
      />
    );
  else
    content = (
      <>
        <Typography.Text type="secondary">{t('deals.count', { count: data.pagination.totalItems })}</Typography.Text>
        <ProductGrid products={data.products} columns={COLUMNS} headingLevel={2} label={t('deals.listLabel')} />
        <PaginationBar pagination={data.pagination} onChange={(next) => go({ category, page: next })} />
      </>
    );

  return (
    <section style={{ display: 'grid', gap: 16 }}>
      <PageHead title={t('deals.title')} description={t('deals.intro')} canonicalPath="/deals" />
      <div>
        <Typography.Title level={1} style={{ marginBottom: 4 }}>
          {t('deals.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('deals.intro')}
        </Typography.Paragraph>
      </div>
      <Select
        aria-label={t('deals.category')}
        style={{ maxWidth: 360, width: '100%' }}
        showSearch
        optionFilterProp="label"
        value={category ?? ALL}
        loading={navigation.isLoading}
        onChange={(slug: string) => go({ category: slug || undefined })}
        options={[{ value: ALL, label: t('deals.allCategories') }, ...options]}
      />
      {content}
    </section>
  );
}
