/**
 * The filter panel (docs/product.md §2): search, brand, store, category, min/max price, sort; active
 * filters and clear all. Text and prices are applied on blur (search also on Enter); prices
 * are typed in euros and sent as cents, rounded.
 */
import { useEffect, useState } from 'react';
import { centsToEuros, eurosToCents, formatMoney, useHydrated } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import type { FilterKey, FilterValues } from './filter-params';
import { SortControls } from './SortControls';
import { Button } from '../../lib/button';
import { Input, Select } from '../../lib/form-controls';
import { Space } from '../../lib/space';
import { Tag } from '../../lib/tag';
import { Typography } from '../../lib/typography';

export interface FilterOptions {
  brands: string[];
  stores: { id: number; name: string }[];
  categories?: { id: number; name: string; slug: string }[];
}

export interface FilterPanelProps {
  values: FilterValues;
  options: FilterOptions;
  context: 'search' | 'category';
  onChange(patch: Partial<FilterValues>): void;
  onClearAll(): void;
}

const ALL = '';

function PriceInput({
  label,
  cents,
  onApply,
}: {
  label: string;
  cents: number | undefined;
  onApply(cents: number | undefined): void;
}) {
  const [text, setText] = useState(cents === undefined ? '' : String(centsToEuros(cents)));
  useEffect(() => setText(cents === undefined ? '' : String(centsToEuros(cents))), [cents]);
  const apply = () => {
    const next = text.trim() === '' ? undefined : (eurosToCents(text) ?? undefined);
    if (next !== undefined && next < 0) return;
    if (next !== cents) onApply(next);
  };
  return (
    <Input
      aria-label={label}
      placeholder={label}
      type="number"
      min={0}
      step={0.01}
      prefix="€"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onPressEnter={apply}
    />
  );
}

export default function FilterPanel({ values, options, context, onChange, onClearAll }: FilterPanelProps) {
  const { t } = useStorefrontT();
  // The controls answer once the page is hydrated: a choice made on the server's markup before
  // then would be lost, so the fieldset keeps them disabled (looking as usual) until it is.
  const hydrated = useHydrated();
  const [search, setSearch] = useState(values.search ?? '');
  useEffect(() => setSearch(values.search ?? ''), [values.search]);
  const applySearch = () => {
    if ((values.search ?? '') !== search.trim()) onChange({ search: search.trim() || undefined });
  };

  const storeName = (id: string) => options.stores.find((store) => String(store.id) === id)?.name ?? id;
  const categoryName = (slug: string) => options.categories?.find((c) => c.slug === slug)?.name ?? slug;
  const active: { key: FilterKey; label: string }[] = [];
  if (values.search) active.push({ key: 'search', label: t('filters.activeSearch', { value: values.search }) });
  if (values.brand) active.push({ key: 'brand', label: values.brand });
  if (values.store) active.push({ key: 'store', label: storeName(values.store) });
  if (values.category && context === 'search') active.push({ key: 'category', label: categoryName(values.category) });
  if (values.minPrice !== undefined)
    active.push({ key: 'minPrice', label: t('filters.activeMinPrice', { price: formatMoney(values.minPrice) }) });
  if (values.maxPrice !== undefined)
    active.push({ key: 'maxPrice', label: t('filters.activeMaxPrice', { price: formatMoney(values.maxPrice) }) });

  return (
    <fieldset className="kl-filter-panel" aria-label={t('filters.title')} disabled={!hydrated}>
      <Space orientation="vertical" size="middle">
        <Input
          type="search"
          aria-label={t('filters.search')}
          placeholder={t('filters.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onBlur={applySearch}
          onPressEnter={applySearch}
        />
        <Select
          aria-label={t('filters.brand')}
          value={values.brand ?? ALL}
          onChange={(brand) => onChange({ brand: brand || undefined })}
          options={[
            { value: ALL, label: t('filters.allBrands') },
            ...options.brands.map((b) => ({ value: b, label: b })),
          ]}
        />
        <Select
          aria-label={t('filters.store')}
          value={values.store ?? ALL}
          onChange={(store) => onChange({ store: store || undefined })}
          options={[
            { value: ALL, label: t('filters.allStores') },
            ...options.stores.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
        />
        {context === 'search' && options.categories && (
          <Select
            aria-label={t('filters.category')}
            value={values.category ?? ALL}
            onChange={(category) => onChange({ category: category || undefined })}
            options={[
              { value: ALL, label: t('filters.allCategories') },
              ...options.categories.map((c) => ({ value: c.slug, label: c.name })),
            ]}
          />
        )}
        <div className="kl-input-pair">
          <PriceInput
            label={t('filters.minPrice')}
            cents={values.minPrice}
            onApply={(minPrice) => onChange({ minPrice })}
          />
          <PriceInput
            label={t('filters.maxPrice')}
            cents={values.maxPrice}
            onApply={(maxPrice) => onChange({ maxPrice })}
          />
        </div>
        <SortControls sortBy={values.sortBy} sortOrder={values.sortOrder} context={context} onChange={onChange} />
        {active.length > 0 && (
          <div>
            <Typography.Text strong>{t('filters.active')}</Typography.Text>
            <div>
              {active.map((filter) => (
                <Tag
                  key={filter.key}
                  onClose={() => onChange({ [filter.key]: undefined })}
                  closeLabel={t('filters.remove', { filter: filter.label })}
                >
                  {filter.label}
                </Tag>
              ))}
            </div>
          </div>
        )}
        <Button onClick={onClearAll}>{t('filters.clearAll')}</Button>
      </Space>
    </fieldset>
  );
}
