/** A category tile's controls for catalog editors: hidden-from-menu icon and the settings dialog. */
import { EyeInvisibleOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { Category } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';

const CategorySettingsModal = lazy(() => import('../admin-modals/catalog-modals').then((modals) => ({ default: modals.CategorySettingsModal })));

export default function CategoryCardAdmin({ category }: { category: Category }) {
  const { t } = useStorefrontT();
  const [editing, setEditing] = useState(false);
  return (
    <span style={{ float: 'right' }}>
      {category.settings?.hideFromMenu && (
        <Tooltip title={t('admin.hiddenFromMenu')}>
          <EyeInvisibleOutlined aria-label={t('admin.hiddenFromMenu')} />
        </Tooltip>
      )}
      <Button
        size="small"
        type="text"
        icon={<SettingOutlined />}
        aria-label={t('admin.categorySettingsFor', { name: category.name })}
        onClick={() => setEditing(true)}
      />
      {editing && (
        <Suspense fallback={null}>
          <CategorySettingsModal categoryId={category.id} categoryName={category.name} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </span>
  );
}
