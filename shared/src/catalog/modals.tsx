/**
 * The catalog modals both the storefront and the catalog admin open (docs/product.md §2 Modals,
 * §4 Assignment modals, §5): assign products to a category or choose its representative product,
 * assign categories to a product, and a category's settings. One component each; a remote binds
 * them to its slice and its toasts with `createCatalogModals`.
 */
import {
  Alert,
  Checkbox,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Pagination,
  Radio,
  Segmented,
  Select,
  Space,
  Spin,
  Switch,
  Tree,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNamespaceT } from '../i18n/use-namespace-t';
import {
  DEFAULT_CATEGORY_SETTINGS,
  formatMoney,
  type Category,
  type CategorySettings,
  type Product,
} from '@koopjesland/shared';
import { ASSIGN_DEBOUNCE_MS, ASSIGN_PAGE_SIZE } from './api';
import { errorMessage } from '../api/errors';
import { OVERIG_SLUG } from '../entities/category-defaults';
import type { CatalogModalHooks, CatalogModalNotify } from './hooks';
import { CATALOG_MODALS_NAMESPACE, registerCatalogModalsTranslations } from './i18n';
import './catalog-modals.css';

export type AssignMode = 'assign' | 'representative';

export interface AssignProductsModalProps {
  categoryId: number;
  categoryName: string;
  initialMode?: AssignMode;
  onClose(saved?: boolean): void;
}

export interface AssignCategoriesModalProps {
  product: Product;
  onClose(): void;
  onSaved?(): void;
}

export interface CategorySettingsModalProps {
  categoryId: number;
  categoryName: string;
  onClose(saved?: boolean): void;
}

interface TreeNode {
  key: number;
  title: string;
  children: TreeNode[];
}

const SORT_KEYS = ['manual', 'createdAt', 'name', 'priceChange', 'percentageChange', 'views'] as const;

function toNodes(categories: Category[]): TreeNode[] {
  return categories
    .filter((category) => category.slug !== OVERIG_SLUG)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((category) => ({ key: category.id, title: category.name, children: toNodes(category.childCategories ?? []) }));
}

/** Keeps matches and their ancestors; returns the kept tree and the keys to expand. */
export function filterTree(nodes: TreeNode[], search: string): { nodes: TreeNode[]; expanded: number[] } {
  const needle = search.trim().toLowerCase();
  if (!needle) return { nodes, expanded: [] };
  const expanded: number[] = [];
  const walk = (list: TreeNode[]): TreeNode[] =>
    list.flatMap((node) => {
      const children = walk(node.children);
      if (children.length > 0) expanded.push(node.key);
      return node.title.toLowerCase().includes(needle) || children.length > 0 ? [{ ...node, children }] : [];
    });
  return { nodes: walk(nodes), expanded };
}

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

const useModalsT = () => useNamespaceT(CATALOG_MODALS_NAMESPACE);

/**
 * Category settings in words, as the settings editor names them ("Newest first, descending"),
 * for pages that show the settings rather than edit them.
 */
export function useCategorySettingsWords() {
  registerCatalogModalsTranslations();
  const { t } = useModalsT();
  return {
    displayType: (settings: Pick<CategorySettings, 'defaultDisplayType'>) => t(`view.${settings.defaultDisplayType}`),
    sort: (settings: Pick<CategorySettings, 'defaultSortBy' | 'defaultSortOrder'>) =>
      `${t(`sort.${settings.defaultSortBy}`)}, ${t(`sort.${settings.defaultSortOrder}`).toLowerCase()}`,
  };
}

export interface CatalogModalOptions {
  /** What the settings editor starts from for a category without saved settings (default: the storefront's). */
  unsavedSettings?: CategorySettings;
}

export function createCatalogModals(
  hooks: CatalogModalHooks,
  useNotify: () => CatalogModalNotify,
  { unsavedSettings = DEFAULT_CATEGORY_SETTINGS }: CatalogModalOptions = {},
) {
  registerCatalogModalsTranslations();

  function AssignProductsModal({
    categoryId,
    categoryName,
    initialMode = 'assign',
    onClose,
  }: AssignProductsModalProps) {
    const { t } = useModalsT();
    const notify = useNotify();
    const [mode, setMode] = useState<AssignMode>(initialMode);
    const [search, setSearch] = useState('');
    const [productIds, setProductIds] = useState('');
    const [page, setPage] = useState(1);
    const [selected, setSelected] = useState<Set<number>>(new Set());
    const [representative, setRepresentative] = useState<number | null>(null);
    const [validation, setValidation] = useState<string | null>(null);
    const [saveError, setSaveError] = useState<{ message: string; details: string } | null>(null);
    const [assignProducts, assigning] = hooks.useAssignProductsToCategoryMutation();
    const [saveRepresentative, savingRepresentative] = hooks.useSaveRepresentativeProductMutation();
    const saving = assigning.isLoading || savingRepresentative.isLoading;

    const filters = useDebounced({ search, productIds }, ASSIGN_DEBOUNCE_MS);
    const filterKey = JSON.stringify(filters);
    // A filter change goes back to page 1 (docs/product.md §4).
    useEffect(() => setPage(1), [filterKey]);
    // While the next page or filter loads, the last list stays on screen (marked busy).
    const list = hooks.useSearchProductsToAssignQuery({ ...filters, page });

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
        setValidation(
          mode === 'assign' ? t('assignProducts.selectAtLeastOne') : t('assignProducts.selectRepresentative'),
        );
        return;
      }
      try {
        if (mode === 'assign') {
          const { addedCount } = await assignProducts({ categoryId, productIds: [...selected] }).unwrap();
          notify.success(t('assignProducts.assigned', { count: addedCount, name: categoryName }));
        } else {
          await saveRepresentative({ categoryId, representativeProductId: representative! }).unwrap();
          notify.success(t('assignProducts.representativeSaved', { name: categoryName }));
        }
        onClose(true);
      } catch (error) {
        // The spec's text first; the API's own message, when there is one, below it.
        setSaveError({
          message: mode === 'assign' ? t('assignProducts.assignFailed') : t('assignProducts.representativeFailed'),
          details: errorMessage(error, ''),
        });
      }
    };

    const products = list.isError ? [] : (list.data?.products ?? []);
    return (
      <Modal
        open
        title={t('assignProducts.title', { name: categoryName })}
        okText={mode === 'assign' ? t('assignProducts.assign') : t('assignProducts.saveRepresentative')}
        cancelText={t('assignProducts.cancel')}
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
              { value: 'assign', label: t('assignProducts.modeAssign') },
              { value: 'representative', label: t('assignProducts.modeRepresentative') },
            ]}
          />
          <Space wrap style={{ width: '100%' }}>
            <Input
              aria-label={t('assignProducts.search')}
              placeholder={t('assignProducts.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              allowClear
            />
            <Input
              aria-label={t('assignProducts.productIds')}
              placeholder={t('assignProducts.productIdsPlaceholder')}
              value={productIds}
              onChange={(event) => setProductIds(event.target.value)}
              allowClear
            />
            {mode === 'assign' && <span>{t('assignProducts.selectedCount', { count: selected.size })}</span>}
          </Space>
          {validation && <Alert type="error" showIcon title={validation} />}
          {saveError && (
            <Alert type="error" showIcon title={saveError.message} description={saveError.details || undefined} />
          )}
          {list.isLoading && <Spin />}
          {list.isError && (
            <Alert type="error" showIcon title={errorMessage(list.error, t('assignProducts.loadFailed'))} />
          )}
          {list.isSuccess && products.length === 0 && <Empty description={t('assignProducts.noProducts')} />}
          {products.length > 0 && (
            <Radio.Group
              value={representative}
              onChange={(event) => {
                setValidation(null);
                setRepresentative(event.target.value as number);
              }}
              style={{ width: '100%' }}
            >
              <ul className="kl-assign-grid" aria-label={t('assignProducts.results')} aria-busy={list.isFetching}>
                {products.map((product) => (
                  <li key={product.id} className="kl-assign-item">
                    {mode === 'assign' ? (
                      <Checkbox
                        checked={selected.has(product.id)}
                        onChange={(event) => toggle(product.id, event.target.checked)}
                      >
                        {product.name}
                      </Checkbox>
                    ) : (
                      <Radio value={product.id}>{product.name}</Radio>
                    )}
                    <div className="kl-assign-meta">
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

  function AssignCategoriesModal({ product, onClose, onSaved }: AssignCategoriesModalProps) {
    const { t } = useModalsT();
    const notify = useNotify();
    const initial = useMemo(() => product.categoryIds ?? product.categories?.map((c) => c.id) ?? [], [product]);
    const categories = hooks.useGetCategoryTreeQuery();
    const [saveCategories, { isLoading: saving }] = hooks.useSaveProductCategoriesMutation();
    const [saveFailed, setSaveFailed] = useState(false);
    const [search, setSearch] = useState('');
    const [selected, setSelected] = useState<number[]>(initial);
    const tree = useMemo(() => (categories.data ? toNodes(categories.data.categories) : null), [categories.data]);
    const error = saveFailed
      ? t('assignCategories.updateCategoriesFailed')
      : categories.isError
        ? t('assignCategories.loadCategoriesFailed')
        : null;

    const filtered = useMemo(() => filterTree(tree ?? [], search), [tree, search]);
    const changed = selected.length !== initial.length || selected.some((id) => !initial.includes(id));

    const save = async () => {
      setSaveFailed(false);
      try {
        // Saving refreshes the product (its tag), so the open page shows the new categories.
        await saveCategories({ productId: product.id, categoryIds: selected }).unwrap();
        notify.success(t('assignCategories.assignSuccess', { product: product.name }));
        onSaved?.();
        onClose();
      } catch {
        setSaveFailed(true);
        notify.error(t('assignCategories.assignFailed'));
      }
    };

    return (
      <Modal
        open
        title={t('assignCategories.title', { product: product.name })}
        onCancel={onClose}
        onOk={save}
        okText={t('save')}
        okButtonProps={{ disabled: !changed }}
        confirmLoading={saving}
        keyboard={false}
        mask={{ closable: false }}
      >
        <Input.Search
          aria-label={t('assignCategories.searchCategories')}
          placeholder={t('assignCategories.searchCategories')}
          onChange={(e) => setSearch(e.target.value)}
          allowClear
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        {!tree && !error ? (
          <Spin />
        ) : filtered.nodes.length === 0 ? (
          <Typography.Paragraph>
            {search ? t('assignCategories.noMatches') : t('assignCategories.noCategories')}
          </Typography.Paragraph>
        ) : (
          <Tree<TreeNode>
            checkable
            checkStrictly
            style={{ maxHeight: 400, overflow: 'auto', marginTop: 12 }}
            treeData={filtered.nodes}
            expandedKeys={search ? filtered.expanded : undefined}
            checkedKeys={selected}
            onCheck={(keys) => setSelected((Array.isArray(keys) ? keys : keys.checked).map(Number))}
          />
        )}
      </Modal>
    );
  }

  /** Load failure falls back to the defaults; save failure alerts (docs/product.md §8). */
  function CategorySettingsModal({ categoryId, categoryName, onClose }: CategorySettingsModalProps) {
    const { t } = useModalsT();
    const stored = hooks.useGetCategorySettingsQuery(categoryId);
    const [saveSettings, { isLoading: saving }] = hooks.useSaveCategorySettingsMutation();
    const [changes, setChanges] = useState<Partial<CategorySettings>>({});
    // The form shows the saved settings, or this editor's defaults for a category without them
    // (and when loading failed).
    const loaded = stored.isSuccess || stored.isError;
    const saved = stored.data?.category.saved !== false ? stored.data?.category.settings : null;
    const settings: CategorySettings | null = loaded ? { ...unsavedSettings, ...(saved ?? {}), ...changes } : null;
    const patch = (change: Partial<CategorySettings>) => setChanges((current) => ({ ...current, ...change }));
    const save = async () => {
      if (!settings) return;
      try {
        const { representativeProduct: _ignored, ...body } = settings;
        // Saving refreshes the category's data (its tag), so the open page shows the new settings.
        await saveSettings({ categoryId, settings: body }).unwrap();
        onClose(true);
      } catch {
        window.alert(t('settings.saveFailed'));
      }
    };
    return (
      <Modal
        open
        title={t('settings.title', { name: categoryName })}
        onCancel={() => onClose()}
        onOk={save}
        okText={t('save')}
        confirmLoading={saving}
        okButtonProps={{ disabled: !settings }}
      >
        {!settings ? (
          <Spin />
        ) : (
          <Form layout="vertical">
            <Form.Item label={t('settings.defaultDisplayType')} htmlFor="category-settings-defaultDisplayType">
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
            <Form.Item label={t('settings.defaultSortBy')} htmlFor="category-settings-defaultSortBy">
              <Select
                id="category-settings-defaultSortBy"
                value={settings.defaultSortBy}
                onChange={(defaultSortBy) => patch({ defaultSortBy })}
                options={SORT_KEYS.map((key) => ({ value: key, label: t(`sort.${key}`) }))}
              />
            </Form.Item>
            <Form.Item label={t('settings.defaultSortOrder')} htmlFor="category-settings-defaultSortOrder">
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
            <Form.Item label={t('settings.subcategoryColumns')} htmlFor="category-settings-subcategoryColumns">
              <InputNumber
                id="category-settings-subcategoryColumns"
                min={1}
                max={6}
                value={settings.subcategoryColumns}
                onChange={(value) => value && patch({ subcategoryColumns: value })}
              />
            </Form.Item>
            <Form.Item label={t('settings.alternativeName')} htmlFor="category-settings-alternativeName">
              <Input
                id="category-settings-alternativeName"
                value={settings.alternativeName ?? ''}
                onChange={(event) => patch({ alternativeName: event.target.value || null })}
              />
            </Form.Item>
            <Form.Item
              label={t('settings.hideFiltersAndViewButtons')}
              htmlFor="category-settings-hideFiltersAndViewButtons"
            >
              <Switch
                id="category-settings-hideFiltersAndViewButtons"
                checked={settings.hideFiltersAndViewButtons}
                onChange={(hideFiltersAndViewButtons) => patch({ hideFiltersAndViewButtons })}
              />
            </Form.Item>
            <Form.Item label={t('settings.hideFromMenu')} htmlFor="category-settings-hideFromMenu">
              <Switch
                id="category-settings-hideFromMenu"
                checked={settings.hideFromMenu}
                onChange={(hideFromMenu) => patch({ hideFromMenu })}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    );
  }

  return { AssignProductsModal, AssignCategoriesModal, CategorySettingsModal };
}
