/**
 * "Report a wrong price" beside each offer on the product page. The form (a modal) loads with
 * the first click, so the product page's first load does not carry it.
 */
import { Suspense, useState } from 'react';
import { useHydrated, type Price } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { Button } from '../../lib/button';
import { lazyWithAntd } from '../../lib/lazy-with-antd';

const ReportPriceModal = lazyWithAntd(() => import('./ReportPriceModal'));

export function ReportPriceButton({ price, productName }: { price: Price; productName: string }) {
  const { t } = useStorefrontT();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Usable once the page is hydrated: a click on the server's markup before then would be lost.
  const hydrated = useHydrated();
  return (
    <>
      <Button
        variant="link"
        size="small"
        className="kl-report-price"
        disabled={!hydrated}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        aria-label={t('priceReport.openAt', { store: price.store.name })}
      >
        {t('priceReport.open')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ReportPriceModal price={price} productName={productName} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
