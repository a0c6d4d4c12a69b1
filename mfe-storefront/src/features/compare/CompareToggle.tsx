/**
 * "Compare" on a product card and the product page: adds the product to the comparison or takes it
 * out (a toggle button). Usable once the page is hydrated; the server's markup shows it unpressed
 * and disabled, the same size.
 */
import DiffOutlined from '@ant-design/icons-svg/es/asn/DiffOutlined';
import { useHydrated, type Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { Button } from '../../lib/button';
import { Icon } from '../../lib/icon';
import { summaryOf, toggleCompared, useCompareState } from './compare-store';

export function CompareToggle({ product, size = 'middle' }: { product: Product; size?: 'small' | 'middle' }) {
  const { t } = useStorefrontT();
  const hydrated = useHydrated();
  const { products } = useCompareState();
  const chosen = products.some((entry) => entry.id === product.id);
  return (
    <Button
      size={size}
      variant={chosen ? 'primary' : 'default'}
      icon={<Icon icon={DiffOutlined} />}
      aria-pressed={chosen}
      // The visible word is the start of the name (speech users say what they see).
      aria-label={t('compare.toggleOf', { product: product.name })}
      disabled={!hydrated}
      onClick={() => toggleCompared(summaryOf(product))}
    >
      {t('compare.toggle')}
    </Button>
  );
}
