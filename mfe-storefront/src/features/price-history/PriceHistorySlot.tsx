/**
 * The product page's price history block. Only this (and the data request) is in the page's
 * first load: the block's code, antd controls and uPlot load when it scrolls into view (200 px
 * before), into a space held at its final height.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useStorefrontT } from '../../i18n';
import { Typography } from '../../lib/typography';
import { PRICE_HISTORY_BLOCK_HEIGHT } from './layout';

const PriceHistorySection = lazy(() => import(/* webpackChunkName: "price-history" */ './PriceHistorySection'));

export function PriceHistorySlot({ productId }: { productId: number }) {
  const { t } = useStorefrontT();
  const headingId = useId();
  const holder = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (inView || !element) return undefined;
    // Without IntersectionObserver (no current browser; jsdom) the block stays unloaded.
    if (typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);

  return (
    <section aria-labelledby={headingId} style={{ marginTop: 32 }}>
      <Typography.Title level={3} id={headingId}>
        {t('priceHistory.title')}
      </Typography.Title>
      <div ref={holder} data-testid="price-history" style={{ minHeight: PRICE_HISTORY_BLOCK_HEIGHT }}>
        {inView && (
          <Suspense fallback={null}>
            <PriceHistorySection productId={productId} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
