/**
 * "Deal: x % below the usual price" (docs/product.md "Honest deals"): shown only when the
 * product's lowest total today is a deal against its usual price, the median of its daily lowest
 * over the previous 30 days, so a price raised yesterday and lowered today never shows it.
 */
import { TAG_COLORS, type Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { Tag } from '../../lib/tag';

export function hasDeal(product: Pick<Product, 'dealPercentage'>): boolean {
  return typeof product.dealPercentage === 'number' && product.dealPercentage > 0;
}

export function DealBadge({ product }: { product: Pick<Product, 'dealPercentage' | 'referencePrice'> }) {
  const { t } = useStorefrontT();
  if (!hasDeal(product)) return null;
  return (
    <Tag color={TAG_COLORS.orange} data-testid="deal-badge">
      {t('deals.badge', { percent: Math.round(product.dealPercentage!) })}
    </Tag>
  );
}
