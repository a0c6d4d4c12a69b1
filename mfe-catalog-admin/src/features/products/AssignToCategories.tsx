/**
 * Bulk "Assign to categories" of the products list (docs/product.md §4 "Admin product selection
 * modes"): the chosen rows, the page or every product matching the filters join the chosen
 * categories; links they already have stay. The notice counts the products and new links.
 */
import { useNamespaceT } from '@koopjesland/shared';
import { useAdminMutation, useAdminNotices } from '@koopjesland/shared/admin';
import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { NAMESPACE } from '../../i18n';
import { CategoriesPicker } from '../category-aliases/CategoryPicker';
import { listFilters, useAssignProductsToCategoriesMutation } from './products-api';

export function AssignToCategoriesModal({
  count,
  target,
  onClose,
}: {
  count: number;
  /** The selection as the API takes it: ids, or the list's filters for all matching. */
  target: { productIds: number[] } | { filters: ReturnType<typeof listFilters> };
  onClose(assigned: boolean): void;
}) {
  const { t } = useNamespaceT(NAMESPACE);
  const notices = useAdminNotices();
  const run = useAdminMutation();
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [missing, setMissing] = useState(false);
  const [assign, { isLoading }] = useAssignProductsToCategoriesMutation();

  const submit = async () => {
    if (categoryIds.length === 0) {
      setMissing(true);
      return;
    }
    const assigned = await run(assign({ ...target, categoryIds }), { failure: t('products.bulk.assignFailed') });
    if (!assigned) return;
    notices.success(t('products.bulk.assigned', { count: assigned.data.productCount, links: assigned.data.addedCount }));
    onClose(true);
  };

  return (
    <Modal
      open
      title={t('products.bulk.assignTitle', { count })}
      okText={t('products.bulk.assign')}
      onOk={() => void submit()}
      confirmLoading={isLoading}
      onCancel={() => onClose(false)}
    >
      <Form layout="vertical">
        <Form.Item label={t('products.bulk.assignCategories')}>
          <CategoriesPicker
            ariaLabel={t('products.bulk.assignCategories')}
            value={categoryIds}
            onChange={(next) => {
              setCategoryIds(next);
              setMissing(false);
            }}
          />
        </Form.Item>
        {missing ? <Alert type="warning" showIcon title={t('products.bulk.assignChoose')} /> : null}
      </Form>
    </Modal>
  );
}
