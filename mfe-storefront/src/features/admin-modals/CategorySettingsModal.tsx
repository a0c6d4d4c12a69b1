/** Category settings (admin, docs/product.md §2 Modals): load failure falls back to defaults; save failure alerts. */
import { Form, InputNumber, Modal, Select, Spin, Switch, Input } from 'antd';
import { useState } from 'react';
import { DEFAULT_CATEGORY_SETTINGS, type CategorySettings } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useGetCategorySettingsQuery, useSaveCategorySettingsMutation } from './api';

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
  const stored = useGetCategorySettingsQuery(categoryId);
  const [saveSettings, { isLoading: saving }] = useSaveCategorySettingsMutation();
  const [changes, setChanges] = useState<Partial<CategorySettings>>({});
  // The form shows the stored settings over the defaults (the defaults alone when loading failed).
  const loaded = stored.isSuccess || stored.isError;
  const settings: CategorySettings | null = loaded
    ? { ...DEFAULT_CATEGORY_SETTINGS, ...(stored.data?.category.settings ?? {}), ...changes }
    : null;
  const patch = (change: Partial<CategorySettings>) => setChanges((current) => ({ ...current, ...change }));
  const save = async () => {
    if (!settings) return;
    try {
      const { representativeProduct: _ignored, ...body } = settings;
      // Saving refreshes the category's page data (its tag), so the page shows the new settings.
      await saveSettings({ categoryId, settings: body }).unwrap();
      onClose(true);
    } catch {
      window.alert(t('admin.saveSettingsFailed'));
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
          <Form.Item label={t('admin.settings.defaultDisplayType')} htmlFor="category-settings-defaultDisplayType">
            <Select
              id="category-settings-defaultDisplayType"
              value={settings.defaultDisplayType}
              onChange={(defaultDisplayType) => patch({ defaultDisplayType })}
              options={[
                { value: 'grid', label: t('view.grid') },
                { value: 'rows', label: t('view.rows') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('admin.settings.defaultSortBy')} htmlFor="category-settings-defaultSortBy">
            <Select
              id="category-settings-defaultSortBy"
              value={settings.defaultSortBy}
              onChange={(defaultSortBy) => patch({ defaultSortBy })}
              options={SORT_KEYS.map((key) => ({ value: key, label: t(`sort.${key}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('admin.settings.defaultSortOrder')} htmlFor="category-settings-defaultSortOrder">
            <Select
              id="category-settings-defaultSortOrder"
              value={settings.defaultSortOrder}
              onChange={(defaultSortOrder) => patch({ defaultSortOrder })}
              options={[
                { value: 'asc', label: t('sort.asc') },
                { value: 'desc', label: t('sort.desc') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('admin.settings.subcategoryColumns')} htmlFor="category-settings-subcategoryColumns">
            <InputNumber id="category-settings-subcategoryColumns" min={1} max={6} value={settings.subcategoryColumns} onChange={(value) => value && patch({ subcategoryColumns: value })} />
          </Form.Item>
          <Form.Item label={t('admin.settings.alternativeName')} htmlFor="category-settings-alternativeName">
            <Input id="category-settings-alternativeName" value={settings.alternativeName ?? ''} onChange={(event) => patch({ alternativeName: event.target.value || null })} />
          </Form.Item>
          <Form.Item label={t('admin.settings.hideFiltersAndViewButtons')} htmlFor="category-settings-hideFiltersAndViewButtons">
            <Switch id="category-settings-hideFiltersAndViewButtons" checked={settings.hideFiltersAndViewButtons} onChange={(hideFiltersAndViewButtons) => patch({ hideFiltersAndViewButtons })} />
          </Form.Item>
          <Form.Item label={t('admin.settings.hideFromMenu')} htmlFor="category-settings-hideFromMenu">
            <Switch id="category-settings-hideFromMenu" checked={settings.hideFromMenu} onChange={(hideFromMenu) => patch({ hideFromMenu })} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
