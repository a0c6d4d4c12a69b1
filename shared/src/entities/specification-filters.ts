/**
 * The address form of the active specification filters, one query parameter read and written by
 * both the API and the storefront (zod-free, so front ends import it without the schema library).
 *
 *   spec=<fieldId>:<min>~<max>,<fieldId>:<value>|<value>
 *
 * - a number field is a range, either end may be left out: `12:40~60`, `12:40~`, `12:~60`;
 *   numbers are in the field's unit, written with a dot (`12:5.5~`).
 * - a list field is one or more of its options: `13:OLED|QLED`.
 * - a yes/no field is `yes` or `no` (or both, which filters nothing): `14:yes`.
 *
 * Inside a value the characters `%` `,` `|` `:` `~` are percent-escaped, so any option text
 * survives; everything else stays readable. `formatSpecFilters` writes fields by id and values
 * in a fixed order, so one selection has one address (and one cache entry).
 */

/** The query parameter that carries the filters. */
export const SPEC_FILTER_PARAM = 'spec';

/** The two values of a yes/no field, in the address and in its facet's options. */
export const SPEC_YES = 'yes';
export const SPEC_NO = 'no';

/** At most this many fields filter at once, and this many values per field. */
export const MAX_SPEC_FILTERS = 20;
export const MAX_SPEC_VALUES = 50;
/** Longest option value. */
export const MAX_SPEC_VALUE_LENGTH = 200;

export type SpecFilter =
  | { fieldId: number; kind: 'range'; min?: number; max?: number }
  | { fieldId: number; kind: 'values'; values: string[] };

export type SpecFilterParse = { ok: true; filters: SpecFilter[] } | { ok: false; message: string };

const MAX_ID = 2_147_483_647;
const NUMBER = /^-?\d+(\.\d+)?$/;
// Control characters (NUL and friends) never belong in an option value.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const escapeValue = (value: string) => value.replace(/[%,|:~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function unescapeValue(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

const formatNumber = (value: number) => String(value);

/** The canonical parameter value of a selection ('' when nothing is selected). */
export function formatSpecFilters(filters: readonly SpecFilter[]): string {
  return [...filters]
    .filter((filter) => (filter.kind === 'range' ? filter.min !== undefined || filter.max !== undefined : filter.values.length > 0))
    .sort((a, b) => a.fieldId - b.fieldId)
    .map((filter) => {
      if (filter.kind === 'range')
        return `${filter.fieldId}:${filter.min === undefined ? '' : formatNumber(filter.min)}~${filter.max === undefined ? '' : formatNumber(filter.max)}`;
      const values = [...new Set(filter.values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return `${filter.fieldId}:${values.map(escapeValue).join('|')}`;
    })
    .join(',');
}

/**
 * Reads the parameter. A bad part gives a message naming it (the API answers it as 400 "Invalid
 * spec"); the storefront ignores an address it cannot read. Whether the ids, ranges and options
 * fit the category's fields is checked by the API, which knows them.
 */
export function parseSpecFilters(input: string | null | undefined): SpecFilterParse {
  if (!input || !input.trim()) return { ok: true, filters: [] };
  const fail = (message: string): SpecFilterParse => ({ ok: false, message });
  if (CONTROL.test(input)) return fail('control characters are not allowed');
  const parts = input.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length > MAX_SPEC_FILTERS) return fail(`at most ${MAX_SPEC_FILTERS} fields`);
  const filters: SpecFilter[] = [];
  const seen = new Set<number>();
  for (const part of parts) {
    const colon = part.indexOf(':');
    if (colon < 0) return fail(`"${part}": expected <fieldId>:<values>`);
    const idText = part.slice(0, colon).trim();
    const body = part.slice(colon + 1).trim();
    const fieldId = Number(idText);
    if (!/^\d+$/.test(idText) || !Number.isInteger(fieldId) || fieldId <= 0 || fieldId > MAX_ID)
      return fail(`"${idText}" is not a field id`);
    if (seen.has(fieldId)) return fail(`field ${fieldId} appears twice`);
    seen.add(fieldId);
    if (body.includes('~')) {
      const [minText = '', maxText = '', ...rest] = body.split('~').map((side) => side.trim());
      if (rest.length) return fail(`field ${fieldId}: expected <min>~<max>`);
      if ((minText && !NUMBER.test(minText)) || (maxText && !NUMBER.test(maxText)))
        return fail(`field ${fieldId}: min and max must be numbers`);
      const min = minText ? Number(minText) : undefined;
      const max = maxText ? Number(maxText) : undefined;
      if (min === undefined && max === undefined) return fail(`field ${fieldId}: give a min or a max`);
      if (!Number.isFinite(min ?? 0) || !Number.isFinite(max ?? 0)) return fail(`field ${fieldId}: number out of range`);
      if (min !== undefined && max !== undefined && min > max) return fail(`field ${fieldId}: min must not exceed max`);
      filters.push({ fieldId, kind: 'range', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) });
      continue;
    }
    const values: string[] = [];
    for (const raw of body.split('|')) {
      const value = unescapeValue(raw)?.trim();
      if (value === undefined) return fail(`field ${fieldId}: bad escape in "${raw}"`);
      if (!value) return fail(`field ${fieldId}: empty value`);
      if (value.length > MAX_SPEC_VALUE_LENGTH || CONTROL.test(value)) return fail(`field ${fieldId}: bad value`);
      if (!values.includes(value)) values.push(value);
    }
    if (values.length > MAX_SPEC_VALUES) return fail(`field ${fieldId}: at most ${MAX_SPEC_VALUES} values`);
    filters.push({ fieldId, kind: 'values', values });
  }
  return { ok: true, filters };
}

/** The selection with one field's filter replaced (`null` removes it). */
export function replaceSpecFilter(filters: readonly SpecFilter[], fieldId: number, next: SpecFilter | null): SpecFilter[] {
  const others = filters.filter((filter) => filter.fieldId !== fieldId);
  return next ? [...others, next] : others;
}
