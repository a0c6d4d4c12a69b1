/**
 * Assign products to a category, or choose its single representative product (admin; docs/product.md §2
 * Modals, §4 Assignment modals, §5). Filters are debounced 250 ms and reset the page to 1; the
 * selection is kept across pages; Escape and outside clicks do not close it. Loaded lazily.
 */
import { Alert, Checkbox, Empty, Input, Modal, Pagination, Radio, Segmented, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { formatMoney } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { errorMessage } from '../../lib/errors';
import { useNotify } from '../notifications/notifications';
import {
  ASSIGN_DEBOUNCE_MS,
  ASSIGN_PAGE_SIZE,
  useAssignProductsToCategoryMutation,
  useSaveRepresentativeProductMutation,
  useSearchProductsToAssignQuery,
} from './api';

export type AssignMode = 'assign' | 'representative';

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export default function AssignProductsModal({
  categoryId,
  categoryName,
  initialMode = 'assign',
  onClose,
}: {
  categoryId: number;
  categoryName: string;
  initialMode?: AssignMode;
  onClose(saved?: boolean): void;
}) {
  const { t } = useStorefrontT();
  const notify = useNotify();
  const [mode, setMode] = useState<AssignMode>(initialMode);
  const [search, setSearch] = useState('');
  const [productIds, setProductIds] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [representative, setRepresentative] = useState<number | null>(null);
  const [validation, setValidation] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<{ message: string; details: string } | null>(null);
  const [assignProducts, assigning] = useAssignProductsToCategoryMutation();
  const [saveRepresentative, savingRepresentative] = useSaveRepresentativeProductMutation();
  const saving = assigning.isLoading || savingRepresentative.isLoading;

  const filters = useDebounced({ search, productIds }, ASSIGN_DEBOUNCE_MS);
  const filterKey = JSON.stringify(filters);
  // A filter change goes back to page 1 (docs/product.md §4).
  useEffect(() => setPage(1), [filterKey]);
  // While the next page or filter loads, the last list stays on screen (marked busy).
  const list = useSearchProductsToAssignQuery({ ...filters, page });

  const toggle = (id: number, checked: boolean) => {
    setValidation(null);
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const save = async () => {
    setSaveError(null);
    if (mode === 'assign' ? selected.size === 0 : representative === null) {
      setValidation(mode === 'assign' ? t('admin.assignProducts.selectAtLeastOne') : t('admin.assignProducts.selectRepresentative'));
      return;
    }
    try {
      // Either save refreshes the category's page data (its tag).
      if (mode === 'assign') {
        const { addedCount } = await assignProducts({ categoryId, productIds: [...selected] }).unwrap();
        notify.success({ title: t('admin.assignProducts.assigned', { count: addedCount, name: categoryName }) });
      } else {
        await saveRepresentative({ categoryId, representativeProductId: representative! }).unwrap();
        notify.success({ title: t('admin.assignProducts.representativeSaved', { name: categoryName }) });
      }
      onClose(true);
    } catch (error) {
      // The spec's text first; the API's own message, when there is one, below it.
      setSaveError({
        message: mode === 'assign' ? t('admin.assignProducts.assignFailed') : t('admin.assignProducts.representativeFailed'),
        details: errorMessage(error, ''),
      });
    }
  };

  const products = list.isError ? [] : (list.data?.products ?? []);
  return (
    <Modal
      open
      title={t('admin.assignProducts.title', { name: categoryName })}
      okText={mode === 'assign' ? t('admin.assignProducts.assign') : t('admin.assignProducts.saveRepresentative')}
      cancelText={t('admin.assignProducts.cancel')}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      confirmLoading={saving}
      keyboard={false}
      mask={{ closable: false }}
      width={960}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Segmented<AssignMode>
          value={mode}
          onChange={(value) => {
            setMode(value);
            setValidation(null);
          }}
          options={[
            { value: 'assign', label: t('admin.assignProducts.modeAssign') },
            { value: 'representative', label: t('admin.assignProducts.modeRepresentative') },
          ]}
        />
        <Space wrap style={{ width: '100%' }}>
          <Input
            aria-label={t('admin.assignProducts.search')}
            placeholder={t('admin.assignProducts.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            allowClear
          />
          <Input
            aria-label={t('admin.assignProducts.productIds')}
            placeholder={t('admin.assignProducts.productIdsPlaceholder')}
            value={productIds}
            onChange={(event) => setProductIds(event.target.value)}
            allowClear
          />
          {mode === 'assign' && <span>{t('admin.assignProducts.selectedCount', { count: selected.size })}</span>}
        </Space>
        {validation && <Alert type="error" showIcon title={validation} />}
        {saveError && <Alert type="error" showIcon title={saveError.message} description={saveError.details || undefined} />}
        {list.isLoading && <Spin />}
        {list.isError && (
          <Alert type="error" showIcon title={errorMessage(list.error, t('admin.assignProducts.loadFailed'))} />
        )}
        {list.isSuccess && products.length === 0 && <Empty description={t('admin.assignProducts.noProducts')} />}
        {products.length > 0 && (
          <Radio.Group
            value={representative}
            onChange={(event) => {
              setValidation(null);
              setRepresentative(event.target.value as number);
            }}
            style={{ width: '100%' }}
          >
            <ul className="kl-assign-grid" aria-label={t('admin.assignProducts.results')} aria-busy={list.isFetching}>
              {products.map((product) => (
                <li key={product.id} className="kl-assign-item">
                  {mode === 'assign' ? (
                    <Checkbox checked={selected.has(product.id)} onChange={(event) => toggle(product.id, event.target.checked)}>
                      {product.name}
                    </Checkbox>
                  ) : (
                    <Radio value={product.id}>{product.name}</Radio>
                  )}
                  <div className="kl-text-secondary">
                    #{product.id}
                    {product.brand ? ` · ${product.brand}` : ''}
                    {product.lowestPrice ? ` · ${formatMoney(product.lowestPrice.total)}` : ''}
                  </div>
                </li>
              ))}
            </ul>
          </Radio.Group>
        )}
        {!list.isError && list.data && list.data.pagination.totalPages > 1 && (
          <Pagination
            current={page}
            pageSize={ASSIGN_PAGE_SIZE}
            total={list.data.pagination.totalItems}
            showSizeChanger={false}
            onChange={setPage}
          />
        )}
      </Space>
    </Modal>
  );
}
