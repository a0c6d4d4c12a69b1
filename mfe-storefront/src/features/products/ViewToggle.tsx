import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import UnorderedListOutlined from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import { useHydrated } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { Icon } from '../../lib/icon';
import { Segmented } from '../../lib/segmented';
import type { DisplayType } from './ProductCard';

export function ViewToggle({ value, onChange }: { value: DisplayType; onChange(value: DisplayType): void }) {
  const { t } = useStorefrontT();
  // A switch on the server's markup before hydration would be lost (and undone by it).
  const hydrated = useHydrated();
  return (
    <Segmented<DisplayType>
      aria-label={t('view.label')}
      disabled={!hydrated}
      value={value}
      onChange={onChange}
      options={[
        { value: 'grid', icon: <Icon icon={AppstoreOutlined} />, label: t('view.grid') },
        { value: 'rows', icon: <Icon icon={UnorderedListOutlined} />, label: t('view.rows') },
      ]}
    />
  );
}
