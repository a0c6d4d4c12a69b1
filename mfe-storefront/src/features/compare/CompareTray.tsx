/**
 * The comparison tray at the bottom of every storefront page: the chosen products with a remove
 * button each, a link to the comparison and "Clear"; it also says why a product could not be
 * added. Shown only once the page is hydrated and something is chosen (a fixed bar: nothing on
 * the page moves when it appears; a spacer as high as the bar keeps the page's end reachable).
 */
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { Link, useLocation } from 'react-router-dom';
import { useStorefrontT } from '../../i18n';
import { buttonClassName } from '../../lib/button';
import { Icon } from '../../lib/icon';
import { shownImage } from '../../lib/shown-image';
import {
  clearCompared,
  COMPARE_LIMIT,
  comparePath,
  dismissCompareNotice,
  removeCompared,
  sharedCategories,
  useCompareState,
  type CompareNotice,
} from './compare-store';

function noticeText(t: ReturnType<typeof useStorefrontT>['t'], notice: CompareNotice): string {
  if (notice.kind === 'full') return t('compare.full', { count: COMPARE_LIMIT });
  if (notice.kind === 'otherCategory') return t('compare.otherCategory', { category: notice.category });
  return t('compare.noCategory');
}

export function CompareTray() {
  const { t } = useStorefrontT();
  const { products, notice } = useCompareState();
  const { pathname } = useLocation();
  if (products.length === 0 && !notice) return null;
  const category = sharedCategories(products)[0];
  const onComparePage = pathname === '/compare';
  return (
    <>
      <div className="kl-compare-spacer" aria-hidden />
      <section className="kl-compare-tray" aria-label={t('compare.tray')}>
        <div className="kl-compare-tray-head">
          <span className="kl-text-strong">
            {t('compare.trayTitle', { count: products.length, limit: COMPARE_LIMIT })}
            {category && <span className="kl-text-secondary"> · {category.name}</span>}
          </span>
          <div className="kl-compare-tray-actions">
            {products.length > 0 && (
              <button type="button" className={buttonClassName({ variant: 'text', size: 'small' })} onClick={clearCompared}>
                {t('compare.clear')}
              </button>
            )}
            {products.length >= 2 && !onComparePage && (
              <Link to={comparePath(products)} className={buttonClassName({ variant: 'primary', size: 'small' })}>
                {t('compare.open', { count: products.length })}
              </Link>
            )}
          </div>
        </div>
        {notice && (
          <p className="kl-compare-notice" role="alert">
            {noticeText(t, notice)}
            <button
              type="button"
              className={buttonClassName({ variant: 'text', size: 'small', iconOnly: true })}
              aria-label={t('compare.dismiss')}
              onClick={dismissCompareNotice}
            >
              <Icon icon={CloseOutlined} />
            </button>
          </p>
        )}
        {products.length > 0 && (
          <ul className="kl-compare-tray-list">
            {products.map((product) => {
              const image = product.image ? shownImage(product.image, product.imageCopy) : null;
              return (
                <li key={product.id}>
                  {image && <img src={image.src} alt="" width={32} height={32} />}
                  <span className="kl-compare-tray-name">{product.name}</span>
                  <button
                    type="button"
                    className={buttonClassName({ variant: 'text', size: 'small', iconOnly: true })}
                    aria-label={t('compare.remove', { product: product.name })}
                    onClick={() => removeCompared(product.id)}
                  >
                    <Icon icon={CloseOutlined} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
