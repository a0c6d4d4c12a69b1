/**
 * The filter panel (docs/product.md §2): search, brand, store, category, min/max price, the
 * category's specification fields, sort; active filters and clear all. Text and prices are applied on blur (search also on Enter); prices
 * are typed in euros and sent as cents, rounded.
 */
import { useEffect, useState } from 'react';
import { centsToEuros, eurosToCents, formatMoney, useHydrated, type SpecificationFacet } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { formatSpecNumber, optionLabel, withUnit } from '../specifications/format';
import { changedSpec, SpecFilters, specFiltersOf } from '../specifications/SpecFilters';
import type { FilterValues } from './filter-params';
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
  /** The specification filters of the page's category (none: the category has no fields). */
  specFacets?: SpecificationFacet[];
  /** On a search without a chosen category: the category the facets belong to, chosen with a first specification filter. */
  specCategory?: string;
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

export default function FilterPanel({ values, options, context, specFacets = [], specCategory, onChange, onClearAll }: FilterPanelProps) {
  const { t, i18n } = useStorefrontT();
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
  const active: { key: string; label: string; remove: Partial<FilterValues> }[] = [];
  const add = (key: keyof FilterValues, label: string) => active.push({ key, label, remove: { [key]: undefined } });
  if (values.search) add('search', t('filters.activeSearch', { value: values.search }));
  if (values.brand) add('brand', values.brand);
  if (values.store) add('store', storeName(values.store));
  if (values.category && context === 'search')
    active.push({ key: 'category', label: categoryName(values.category), remove: { category: undefined, spec: undefined } });
  if (values.minPrice !== undefined) add('minPrice', t('filters.activeMinPrice', { price: formatMoney(values.minPrice) }));
  if (values.maxPrice !== undefined) add('maxPrice', t('filters.activeMaxPrice', { price: formatMoney(values.maxPrice) }));
  const language = i18n.resolvedLanguage ?? 'nl';
  const rangeLabel = (min: number | undefined, max: number | undefined, unit: string | null) => {
    const number = (value: number) => withUnit(formatSpecNumber(value, language), unit);
    if (min !== undefined && max !== undefined) return withUnit(`${formatSpecNumber(min, language)}–${formatSpecNumber(max, language)}`, unit);
    return min !== undefined ? t('specifications.atLeast', { value: number(min) }) : t('specifications.atMost', { value: number(max!) });
  };
  for (const filter of specFiltersOf(values.spec)) {
    const facet = specFacets.find((entry) => entry.fieldId === filter.fieldId);
    if (!facet) continue;
    const text =
      filter.kind === 'range'
        ? rangeLabel(filter.min, filter.max, facet.type === 'number' ? facet.unit : null)
        : filter.values.map((value) => (facet.type === 'number' ? value : optionLabel(facet.type, value, t))).join(', ');
    active.push({ key: `spec-${filter.fieldId}`, label: `${facet.name}: ${text}`, remove: { spec: changedSpec(values.spec, filter.fieldId, null) } });
  }
  const changeSpec = (spec: string | undefined) =>
    onChange(context === 'search' && !values.category && spec && specCategory ? { spec, category: specCategory } : { spec });

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
            // Specification filters belong to one category's fields: another category starts without them.
            onChange={(category) => onChange({ category: category || undefined, spec: undefined })}
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
        <SpecFilters facets={specFacets} spec={values.spec} onChange={changeSpec} />
        <SortControls sortBy={values.sortBy} sortOrder={values.sortOrder} context={context} onChange={onChange} />
        {active.length > 0 && (
          <div>
            <Typography.Text strong>{t('filters.active')}</Typography.Text>
            <div>
              {active.map((filter) => (
                <Tag
                  key={filter.key}
                  onClose={() => onChange(filter.remove)}
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
