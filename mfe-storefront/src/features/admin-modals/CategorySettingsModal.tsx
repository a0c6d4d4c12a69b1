/** Category settings (admin, spec §2 Modals): load failure falls back to defaults; save failure alerts. */
import { Form, InputNumber, Modal, Select, Spin, Switch, Input } from 'antd';
import { useEffect, useState } from 'react';
import { apiGet, apiPut, type CategorySettings } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';

export const DEFAULT_CATEGORY_SETTINGS: CategorySettings = {
  defaultDisplayType: 'grid',
  defaultSortBy: 'manual',
  defaultSortOrder: 'asc',
  hideFiltersAndViewButtons: false,
  showOnHomePage: null,
  hideFromMenu: false,
  representativeProductId: null,
  subcategoryColumns: 4,
  alternativeName: null,
};

const SORT_KEYS = ['manual', 'createdAt', 'name', 'priceChange', 'percentageChange', 'views'] as const;

export default function CategorySettingsModal({
  categoryId,
  categoryName,
  onClose,
}: {
  categoryId: number;
  categoryName: string;
  onClose(saved?: boolean): void;
}) {
  const { t } = useStorefrontT();
  const [settings, setSettings] = useState<CategorySettings | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    apiGet<{ category: { settings: CategorySettings | null } }>(`categories/${categoryId}/settings`).then(
      (response) => setSettings({ ...DEFAULT_CATEGORY_SETTINGS, ...(response.category.settings ?? {}) }),
      () => setSettings(DEFAULT_CATEGORY_SETTINGS),
    );
  }, [categoryId]);
  const patch = (change: Partial<CategorySettings>) => setSettings((current) => (current ? { ...current, ...change } : current));
  const save = async () => {
    if (!settings) return;
    setSaving(true);
    try {
      const { representativeProduct: _ignored, ...body } = settings;
      await apiPut(`categories/${categoryId}/settings`, body);
      onClose(true);
    } catch {
      window.alert(t('admin.saveSettingsFailed'));
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('admin.categorySettingsTitle', { name: categoryName })}
      onCancel={() => onClose()}
      onOk={save}
      okText={t('common:actions.save')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !settings }}
    >
      {!settings ? (
        <Spin />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('admin.settings.defaultDisplayType')}>
            <Select
              value={settings.defaultDisplayType}
              onChange={(defaultDisplayType) => patch({ defaultDisplayType })}
              options={[
                { value: 'grid', label: t('view.grid') },
                { value: 'rows', label: t('view.rows') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('admin.settings.defaultSortBy')}>
            <Select
              value={settings.defaultSortBy}
              onChange={(defaultSortBy) => patch({ defaultSortBy })}
              options={SORT_KEYS.map((key) => ({ value: key, label: t(`sort.${key}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('admin.settings.defaultSortOrder')}>
            <Select
              value={settings.defaultSortOrder}
              onChange={(defaultSortOrder) => patch({ defaultSortOrder })}
              options={[
                { value: 'asc', label: t('sort.asc') },
                { value: 'desc', label: t('sort.desc') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('admin.settings.subcategoryColumns')}>
            <InputNumber min={1} max={6} value={settings.subcategoryColumns} onChange={(value) => value && patch({ subcategoryColumns: value })} />
          </Form.Item>
          <Form.Item label={t('admin.settings.alternativeName')}>
            <Input value={settings.alternativeName ?? ''} onChange={(event) => patch({ alternativeName: event.target.value || null })} />
          </Form.Item>
          <Form.Item label={t('admin.settings.hideFiltersAndViewButtons')}>
            <Switch checked={settings.hideFiltersAndViewButtons} onChange={(hideFiltersAndViewButtons) => patch({ hideFiltersAndViewButtons })} />
          </Form.Item>
          <Form.Item label={t('admin.settings.hideFromMenu')}>
            <Switch checked={settings.hideFromMenu} onChange={(hideFromMenu) => patch({ hideFromMenu })} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
