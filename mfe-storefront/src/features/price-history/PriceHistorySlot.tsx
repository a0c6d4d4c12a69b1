/**
 * The product page's price history block. Only this (and the data request) is in the page's
 * first load: the block's code, antd controls and uPlot load when it scrolls into view (200 px
 * before), into a space held at its final height. A block visible without scrolling loads a few
 * seconds after the page's load event.
 */
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useStorefrontT } from '../../i18n';
import { Typography } from '../../lib/typography';
import { PRICE_HISTORY_BLOCK_HEIGHT } from './layout';
import { lazyWithAntd } from '../../lib/lazy-with-antd';

/** How long after the page's load event a block that is in view without scrolling loads. */
export const START_AFTER_LOAD_MS = 3000;

const PriceHistorySection = lazyWithAntd(() => import(/* webpackChunkName: "price-history" */ './PriceHistorySection'));

export function PriceHistorySlot({ productId }: { productId: number }) {
  const { t } = useStorefrontT();
  const headingId = useId();
  const holder = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = holder.current;
    // Without IntersectionObserver (no current browser; jsdom) the block stays unloaded.
    if (inView || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    // Watching starts at the visitor's first scroll, or a while after the page has loaded: even when
    // the block is visible at once (a short page, a tall screen) its code is not part of the first load.
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      observer.observe(element);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startLater = () => {
      timer = setTimeout(start, START_AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') startLater();
    else window.addEventListener('load', startLater, { once: true });
    window.addEventListener('scroll', start, { once: true, passive: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('load', startLater);
      window.removeEventListener('scroll', start);
    };
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
