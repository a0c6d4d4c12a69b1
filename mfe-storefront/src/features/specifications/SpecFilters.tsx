/**
 * A category's specification fields as filters (inside the filter panel): a number is a range
 * (two inputs, and a slider once the page is hydrated), a yes/no or list field is a set of
 * checkboxes with the number of products each would show along with the other active filters.
 * Options without products are not offered (the API leaves them out); a field with nothing to
 * choose is left out. Every change is one new `spec` value, written by the shared encoding.
 */
import { Suspense, useEffect, useState } from 'react';
import {
  formatSpecFilters,
  parseSpecFilters,
  replaceSpecFilter,
  useHydrated,
  type SpecFilter,
  type SpecificationFacet,
} from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { Input } from '../../lib/form-controls';
import { lazyWithAntd } from '../../lib/lazy-with-antd';
import { formatSpecNumber, optionLabel, withUnit } from './format';

const RangeSlider = lazyWithAntd(() => import('./RangeSlider'));

type NumberFacet = Extract<SpecificationFacet, { type: 'number' }>;
type OptionsFacet = Extract<SpecificationFacet, { type: 'boolean' | 'list' }>;

/** The selection in the address (an address that cannot be read selects nothing). */
export function specFiltersOf(spec: string | undefined): SpecFilter[] {
  const parsed = parseSpecFilters(spec);
  return parsed.ok ? parsed.filters : [];
}

/** The `spec` value with one field's filter replaced (undefined: nothing selected any more). */
export function changedSpec(spec: string | undefined, fieldId: number, next: SpecFilter | null): string | undefined {
  return formatSpecFilters(replaceSpecFilter(specFiltersOf(spec), fieldId, next)) || undefined;
}

/** Whether the facet offers anything to choose. */
export function isUsableFacet(facet: SpecificationFacet): boolean {
  if (facet.type === 'number') return facet.selected !== null || (facet.min !== null && facet.max !== null && facet.min < facet.max);
  return facet.options.length > 0;
}

const SLIDER_HEIGHT = 32;

function NumberInput({ label, value, onApply }: { label: string; value: number | undefined; onApply(value: number | undefined): void }) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  const apply = () => {
    const trimmed = text.trim().replace(',', '.');
    const next = trimmed === '' ? undefined : Number(trimmed);
    if (next !== undefined && !Number.isFinite(next)) return;
    if (next !== value) onApply(next);
  };
  return (
    <Input
      aria-label={label}
      placeholder={label}
      type="number"
      inputMode="decimal"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onPressEnter={apply}
    />
  );
}

type RangeSelection = Extract<SpecFilter, { kind: 'range' }>;
type ValuesSelection = Extract<SpecFilter, { kind: 'values' }>;

function RangeFilter({ facet, selection, onChange }: { facet: NumberFacet; selection: RangeSelection | undefined; onChange(next: SpecFilter | null): void }) {
  const { t, i18n } = useStorefrontT();
  const hydrated = useHydrated();
  const language = i18n.resolvedLanguage ?? 'nl';
  const selected = { min: selection?.min, max: selection?.max };
  const low = facet.min ?? selected.min ?? 0;
  const high = facet.max ?? selected.max ?? low;
  const min = Math.min(low, selected.min ?? low);
  const max = Math.max(high, selected.max ?? high);
  const step = Number.isInteger(min) && Number.isInteger(max) && max - min >= 10 ? 1 : 0.1;
  const apply = (from: number | undefined, to: number | undefined) => {
    const next = { min: from === undefined || from <= min ? undefined : from, max: to === undefined || to >= max ? undefined : to };
    if (next.min === undefined && next.max === undefined) onChange(null);
    else onChange({ fieldId: facet.fieldId, kind: 'range', ...next });
  };
  const fromLabel = t('specifications.from', { field: facet.name });
  const toLabel = t('specifications.to', { field: facet.name });
  const unit = facet.unit ? ` (${facet.unit})` : '';
  return (
    <fieldset className="kl-spec-filter">
      <legend>{facet.name + unit}</legend>
      <div className="kl-spec-range-hint kl-text-secondary">
        {withUnit(`${formatSpecNumber(min, language)} – ${formatSpecNumber(max, language)}`, facet.unit)}
      </div>
      {/* The slider's place is kept while its code loads: nothing below moves. */}
      <div style={{ height: SLIDER_HEIGHT }}>
        {hydrated && max > min && (
          <Suspense fallback={null}>
            <RangeSlider
              min={min}
              max={max}
              step={step}
              value={[selected.min ?? min, selected.max ?? max]}
              labels={[fromLabel, toLabel]}
              onApply={([from, to]) => apply(from, to)}
            />
          </Suspense>
        )}
      </div>
      <div className="kl-input-pair">
        <NumberInput label={fromLabel} value={selected.min} onApply={(from) => apply(from, selected.max)} />
        <NumberInput label={toLabel} value={selected.max} onApply={(to) => apply(selected.min, to)} />
      </div>
    </fieldset>
  );
}

function OptionsFilter({ facet, selection, onChange }: { facet: OptionsFacet; selection: ValuesSelection | undefined; onChange(next: SpecFilter | null): void }) {
  const { t } = useStorefrontT();
  const chosen = selection?.values ?? [];
  const toggle = (value: string, on: boolean) => {
    const values = on ? [...chosen, value] : chosen.filter((entry) => entry !== value);
    onChange(values.length ? { fieldId: facet.fieldId, kind: 'values', values } : null);
  };
  return (
    <fieldset className="kl-spec-filter">
      <legend>{facet.name}</legend>
      <ul className="kl-spec-options">
        {facet.options.map((option) => (
          <li key={option.value}>
            <label>
              <input type="checkbox" checked={chosen.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
              <span>{optionLabel(facet.type, option.value, t)}</span> <span className="kl-spec-count">{option.count}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function SpecFilters({ facets, spec, onChange }: { facets: SpecificationFacet[]; spec: string | undefined; onChange(spec: string | undefined): void }) {
  const change = (fieldId: number) => (next: SpecFilter | null) => onChange(changedSpec(spec, fieldId, next));
  // What is chosen is read from the address (a box is ticked at once); the counts follow when they arrive.
  const selections = specFiltersOf(spec);
  const rangeOf = (fieldId: number) => selections.find((filter): filter is RangeSelection => filter.fieldId === fieldId && filter.kind === 'range');
  const valuesOf = (fieldId: number) =>
    selections.find((filter): filter is ValuesSelection => filter.fieldId === fieldId && filter.kind === 'values');
  const shown = facets.filter(isUsableFacet);
  if (shown.length === 0) return null;
  return (
    <div className="kl-spec-filters">
      {shown.map((facet) =>
        facet.type === 'number' ? (
          <RangeFilter
            key={facet.fieldId}
            facet={facet}
            selection={rangeOf(facet.fieldId)}
            onChange={change(facet.fieldId)}
          />
        ) : (
          <OptionsFilter
            key={facet.fieldId}
            facet={facet}
            selection={valuesOf(facet.fieldId)}
            onChange={change(facet.fieldId)}
          />
        ),
      )}
    </div>
  );
}
