/** Current offers (the default, kept out of the address), expired ones, or all. */
import { Segmented } from 'antd';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { PRICE_STATUSES, type PriceStatus } from './prices-api';

export function PriceStatusFilter({ value, onChange }: { value: string | undefined; onChange: (status: string | undefined) => void }) {
  const { t } = useNamespaceT(NAMESPACE);
  const current = PRICE_STATUSES.includes(value as PriceStatus) ? (value as PriceStatus) : 'active';
  return (
    <Segmented<PriceStatus>
      value={current}
      onChange={(status) => onChange(status === 'active' ? undefined : status)}
      options={PRICE_STATUSES.map((status) => ({ value: status, label: t(`prices.filters.${status}`) }))}
    />
  );
}
