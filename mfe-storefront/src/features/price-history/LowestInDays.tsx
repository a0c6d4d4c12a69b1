/** "Lowest price in 90 days" (or 30, 365) beside the product's lowest price, when it holds. */
import { useStorefrontT } from '../../i18n';
import { Typography } from '../../lib/typography';
import { DEFAULT_PRICE_HISTORY_RANGE, useGetPriceHistoryQuery } from './api';

export function LowestInDays({ productId }: { productId: number }) {
  const { t } = useStorefrontT();
  // The same request as the chart's first range: one call serves both.
  const { currentData } = useGetPriceHistoryQuery({ productId, range: DEFAULT_PRICE_HISTORY_RANGE });
  if (!currentData?.lowestInDays) return null;
  return (
    <Typography.Text type="success" strong>
      {t('priceHistory.lowestInDays', { days: currentData.lowestInDays })}
    </Typography.Text>
  );
}
