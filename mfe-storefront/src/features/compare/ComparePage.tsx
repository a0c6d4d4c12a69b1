/**
 * /compare?ids=… : up to four products of one category side by side. A column per product (image,
 * name, lowest price and store, its click-out), then a row per specification field of the category;
 * rows whose values differ are highlighted (and named so for screen readers), rows where all agree
 * can be folded away. Server-rendered and shareable by its address, not indexed. On a phone the
 * columns scroll sideways while the field names stay (storefront.css, sticky first column).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage, formatMoney, useHydrated, type CompareProduct, type CompareResponse } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { statusTextOf } from '../../lib/failure';
import { productPath } from '../../lib/paths';
import { shownImage } from '../../lib/shown-image';
import { Breadcrumb } from '../../lib/breadcrumb';
import { Button, buttonClassName } from '../../lib/button';
import { Alert, Empty, PageSpinner } from '../../lib/feedback';
import { Typography } from '../../lib/typography';
import { useClickOut } from '../click-out/click-out';
import { PageHead } from '../seo/PageHead';
import { formatSpecValue } from '../specifications/format';
import { compareIdsOf, useGetComparisonQuery } from './api';
import { comparePath, removeCompared } from './compare-store';

interface Row {
  fieldId: number;
  name: string;
  values: string[];
  differs: boolean;
}

/** One row per field; a row differs when its products do not all show the same value. */
export function comparisonRows(
  comparison: CompareResponse,
  format: (value: CompareProduct['values'][number]['value'], field: CompareResponse['fields'][number]) => string,
): Row[] {
  return comparison.fields.map((field) => {
    const values = comparison.products.map((product) => format(product.values.find((entry) => entry.fieldId === field.id)?.value ?? null, field));
    return {
      fieldId: field.id,
      name: field.unit ? `${field.name} (${field.unit})` : field.name,
      values,
      differs: new Set(values).size > 1,
    };
  });
}

function ProductColumn({ product, others }: { product: CompareProduct; others: CompareProduct[] }) {
  const { t } = useStorefrontT();
  const clickOut = useClickOut();
  const hydrated = useHydrated();
  const image = product.image ? shownImage(product.image, product.imageCopy) : null;
  const price = product.lowestPrice;
  return (
    <th scope="col" className="kl-compare-product">
      {image ? (
        <img src={image.src} srcSet={image.srcSet} sizes={image.srcSet ? '160px' : undefined} alt="" width={160} height={120} />
      ) : (
        <div style={{ height: 120 }} />
      )}
      {product.brand && <Typography.Text type="secondary">{product.brand}</Typography.Text>}
      <div>
        <Link to={productPath(product)}>{product.name}</Link>
      </div>
      {price ? (
        <div>
          <Typography.Text strong>{formatMoney(price.total)}</Typography.Text>{' '}
          <Typography.Text>{t('product.atStore', { store: price.store.name })}</Typography.Text>
          <div style={{ marginTop: 4 }}>
            <Button
              size="small"
              variant="primary"
              disabled={!hydrated}
              aria-label={t('compare.viewOfferOf', { product: product.name, store: price.store.name })}
              onClick={() => clickOut({ id: product.id, name: product.name, slug: product.slug, lowestPrice: price }, price)}
            >
              {t('product.viewOffer')}
            </Button>
          </div>
        </div>
      ) : (
        <Typography.Text type="secondary">{t('product.noPrices')}</Typography.Text>
      )}
      <div style={{ marginTop: 4 }}>
        <Link
          to={comparePath(others)}
          className={buttonClassName({ variant: 'link', size: 'small' })}
          aria-label={t('compare.remove', { product: product.name })}
          onClick={() => removeCompared(product.id)}
        >
          {t('compare.removeShort')}
        </Link>
      </div>
    </th>
  );
}

function ComparisonTable({ comparison }: { comparison: CompareResponse }) {
  const { t, i18n } = useStorefrontT();
  const hydrated = useHydrated();
  const [hideEqual, setHideEqual] = useState(false);
  const language = i18n.resolvedLanguage ?? 'nl';
  const rows = comparisonRows(comparison, (value, field) => formatSpecValue(value, field, t, language));
  const differing = rows.filter((row) => row.differs);
  const equal = rows.filter((row) => !row.differs);
  const { products } = comparison;
  const renderRow = (row: Row) => (
    <tr key={row.fieldId} className={row.differs ? 'kl-compare-differs' : undefined} data-differs={row.differs || undefined}>
      <th scope="row">
        {row.name}
        {row.differs && <span className="kl-visually-hidden"> ({t('compare.differs')})</span>}
      </th>
      {row.values.map((value, index) => (
        <td key={products[index]!.id}>{value}</td>
      ))}
    </tr>
  );
  return (
    <>
      <div className="kl-compare-legend">
        <span>
          <span className="kl-compare-swatch" aria-hidden />
          {t('compare.legend', { count: differing.length })}
        </span>
        {equal.length > 0 && (
          <Button size="small" disabled={!hydrated} aria-expanded={!hideEqual} aria-controls="kl-compare-equal" onClick={() => setHideEqual((value) => !value)}>
            {hideEqual ? t('compare.showEqual', { count: equal.length }) : t('compare.hideEqual', { count: equal.length })}
          </Button>
        )}
      </div>
      {/* Scrolls sideways on a narrow screen; focusable so a keyboard can scroll it too. */}
      <div className="kl-compare-scroll" tabIndex={0} role="region" aria-label={t('compare.tableLabel', { category: comparison.category.name })}>
        <table className="kl-compare-table">
          <caption className="kl-visually-hidden">{t('compare.tableLabel', { category: comparison.category.name })}</caption>
          <thead>
            <tr>
              <td />
              {products.map((product) => (
                <ProductColumn key={product.id} product={product} others={products.filter((entry) => entry.id !== product.id)} />
              ))}
            </tr>
          </thead>
          <tbody>{differing.map(renderRow)}</tbody>
          {equal.length > 0 && (
            <tbody id="kl-compare-equal" className="kl-compare-equal-rows" hidden={hideEqual}>
              {equal.map(renderRow)}
            </tbody>
          )}
        </table>
      </div>
    </>
  );
}

export default function ComparePage() {
  const { t } = useStorefrontT();
  const [params] = useSearchParams();
  const ids = compareIdsOf(params);
  const result = useGetComparisonQuery(ids ?? '', { skip: !ids });
  const canonical = ids ? `/compare?ids=${ids}` : '/compare';
  const title = result.currentData ? t('compare.titleOf', { category: result.currentData.category.name }) : t('compare.title');

  let content;
  if (!ids) {
    content = (
      <Empty description={t('compare.empty')}>
        <Link to="/" className={buttonClassName({ variant: 'primary' })}>
          {t('breadcrumb.home')}
        </Link>
      </Empty>
    );
  } else if (result.isError) {
    content = (
      <Alert
        type="error"
        title={t('compare.fetchFailed', { statusText: statusTextOf(result.error) })}
        description={errorMessage(result.error, t('compare.loadFailed'))}
      />
    );
  } else if (!result.currentData) {
    content = <PageSpinner />;
  } else {
    content = <ComparisonTable comparison={result.currentData} />;
  }

  return (
    <div className="kl-compare-page">
      <PageHead title={title} canonicalPath={canonical} noindex />
      <Breadcrumb
        label={t('breadcrumb.label')}
        items={[
          { title: <Link to="/">{t('breadcrumb.home')}</Link> },
          ...(result.currentData ? [{ title: <Link to={`/${result.currentData.category.slug}`}>{result.currentData.category.name}</Link> }] : []),
          { title: t('compare.title') },
        ]}
      />
      <Typography.Title level={1} style={{ marginTop: 16 }}>
        {title}
      </Typography.Title>
      {content}
    </div>
  );
}
