import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { useStorefrontT } from '../../i18n';
import type { DisplayType } from './ProductCard';

export function ViewToggle({ value, onChange }: { value: DisplayType; onChange(value: DisplayType): void }) {
  const { t } = useStorefrontT();
  return (
    <Segmented<DisplayType>
      aria-label={t('view.label')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'grid', icon: <AppstoreOutlined />, label: t('view.grid') },
        { value: 'rows', icon: <UnorderedListOutlined />, label: t('view.rows') },
      ]}
    />
  );
}
