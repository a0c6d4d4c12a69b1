/**
 * Specification filters of a product list: the address (`spec`, shared/…/specification-filters.ts)
 * checked against the fields it names, the SQL condition of each, and the facets of a page: per
 * field the options with counts (or the range of values) among the products the OTHER active
 * filters match, as faceted search counts.
 */
import {
  formatSpecFilters,
  parseSpecFilters,
  SPEC_NO,
  SPEC_YES,
  type SpecificationFacet,
  type SpecificationField,
} from '@koopjesland/shared/entities';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, productCategories, productSpecificationValues, specificationFields } from '../../db/schema';
import { selectRows } from '../../db/sql';
import { badRequest } from '../../http/errors';
import { readableValue } from './coverage';
import { fieldsAtVersion, fieldsById } from './fields';
import { searchTermsOf, type SearchedAmount } from './normalise';

export type SpecCondition =
  | { fieldId: number; kind: 'range'; min?: number; max?: number }
  | { fieldId: number; kind: 'list'; values: string[] }
  | { fieldId: number; kind: 'boolean'; values: boolean[] };

const v = productSpecificationValues;
const invalid = (details: string) => badRequest('Invalid spec', `spec: ${details}`);

/**
 * The `spec` parameter as conditions, each checked against its field: a range only on a number
 * field, options the field has. A filter naming no field (of one of `categoryIds` when given) is
 * left out rather than refused: shared and bookmarked addresses outlive a deleted field, and a
 * field id from another category's page says nothing about this one. `spec` is the selection
 * applied, in its one written form ('' for none), for the page's links. With the catalogue
 * `version` the request is answered from, the categories' fields are read once per version.
 */
export async function readSpecConditions(
  db: Database,
  spec: string | undefined,
  categoryIds?: number[],
  version?: string,
): Promise<{ conditions: SpecCondition[]; fields: SpecificationField[]; spec: string }> {
  const parsed = parseSpecFilters(spec);
  if (!parsed.ok) throw invalid(parsed.message);
  if (!parsed.filters.length) return { conditions: [], fields: [], spec: '' };
  const known =
    categoryIds && version !== undefined
      ? await fieldsAtVersion(db, categoryIds, version)
      : await fieldsById(db, parsed.filters.map((filter) => filter.fieldId));
  const fields = known.filter((field) => !categoryIds || categoryIds.includes(field.categoryId));
  const applied = parsed.filters.filter((filter) => fields.some((field) => field.id === filter.fieldId));
  const conditions = applied.map((filter): SpecCondition => {
    const field = fields.find((candidate) => candidate.id === filter.fieldId)!;
    if (filter.kind === 'range') {
      if (field.type !== 'number') throw invalid(`field ${field.id} ("${field.name}") is not a number; choose options`);
      return filter;
    }
    if (field.type === 'number') throw invalid(`field ${field.id} ("${field.name}") is a number; give <min>~<max>`);
    if (field.type === 'boolean') {
      const unknown = filter.values.find((value) => value !== SPEC_YES && value !== SPEC_NO);
      if (unknown !== undefined) throw invalid(`field ${field.id} ("${field.name}") is yes or no, not "${unknown}"`);
      return { fieldId: field.id, kind: 'boolean', values: filter.values.map((value) => value === SPEC_YES) };
    }
    const values = filter.values.map((value) => {
      const option = field.options.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
      if (option === undefined) throw invalid(`field ${field.id} ("${field.name}") has no option "${value}"`);
      return option;
    });
    return { fieldId: field.id, kind: 'list', values };
  });
  return { conditions, fields, spec: formatSpecFilters(applied) };
}

/** The SQL condition of one filter on the products aliased `p`. */
export function specConditionSql(condition: SpecCondition): SQL {
  const match = (test: SQL) =>
    sql`exists (select 1 from ${v} where ${v.productId} = p.id and ${v.fieldId} = ${condition.fieldId} and ${test})`;
  switch (condition.kind) {
    case 'range': {
      const bounds = [sql`${v.numberValue} is not null`];
      if (condition.min !== undefined) bounds.push(sql`${v.numberValue} >= ${condition.min}`);
      if (condition.max !== undefined) bounds.push(sql`${v.numberValue} <= ${condition.max}`);
      return match(sql.join(bounds, sql` and `));
    }
    case 'list':
      return match(sql`${v.listValue} in (${sql.join(condition.values.map((value) => sql`${value}`), sql`, `)})`);
    case 'boolean':
      // Yes and no together exclude only the products without a value.
      return match(
        condition.values.length === 1 ? sql`${v.booleanValue} = ${condition.values[0]}` : sql`${v.booleanValue} is not null`,
      );
  }
}

/** One product's readable value of one field, as stored (only the column of the field's type is set). */
export interface SpecValue {
  numberValue: number | null;
  booleanValue: boolean | null;
  listValue: string | null;
}

/** `specConditionSql` on a value held in memory: the same test, for lists filtered without SQL. */
export function specConditionHolds(condition: SpecCondition, value: SpecValue | undefined): boolean {
  if (!value) return false;
  switch (condition.kind) {
    case 'range':
      return (
        value.numberValue !== null &&
        (condition.min === undefined || value.numberValue >= condition.min) &&
        (condition.max === undefined || value.numberValue <= condition.max)
      );
    case 'list':
      return value.listValue !== null && condition.values.includes(value.listValue);
    case 'boolean':
      return condition.values.length === 1 ? value.booleanValue === condition.values[0] : value.booleanValue !== null;
  }
}

interface FacetRow {
  fieldId: number;
  listValue: string | null;
  booleanValue: boolean | null;
  count: number;
  min: number | null;
  max: number | null;
}

async function facetRows(db: Database, where: SQL, fieldIds: number[]): Promise<FacetRow[]> {
  if (!fieldIds.length) return [];
  return selectRows<FacetRow>(
    db,
    sql`select ${v.fieldId} as "fieldId", ${v.listValue} as "listValue", ${v.booleanValue} as "booleanValue",
          count(*)::int as count, min(${v.numberValue}) as min, max(${v.numberValue}) as max
        from products p join ${v} on ${v.productId} = p.id
        where ${where} and ${v.fieldId} in (${sql.join(fieldIds.map((id) => sql`${id}`), sql`, `)}) and ${readableValue}
        group by ${v.fieldId}, ${v.listValue}, ${v.booleanValue}`,
  );
}

/**
 * The facets of a page. `whereWith(conditions)` is the page's condition on products `p` with
 * the given specification conditions (its other filters fixed). Fields without an active filter
 * share one count over every filter; each active one is counted without its own filter.
 */
export async function specificationFacets(
  db: Database,
  fields: SpecificationField[],
  conditions: SpecCondition[],
  whereWith: (conditions: SpecCondition[]) => SQL,
): Promise<SpecificationFacet[]> {
  const active = new Map(conditions.map((condition) => [condition.fieldId, condition]));
  const idle = fields.filter((field) => !active.has(field.id)).map((field) => field.id);
  const batches = await Promise.all([
    facetRows(db, whereWith(conditions), idle),
    ...[...active.keys()].map((fieldId) =>
      facetRows(db, whereWith(conditions.filter((condition) => condition.fieldId !== fieldId)), [fieldId]),
    ),
  ]);
  return facetsOf(fields, conditions, batches.flat());
}

/**
 * The same facets counted in memory over products whose readable values are at hand: `products`
 * are those the page's other (non-specification) filters match, `valueOf` their values. Counts what
 * `specificationFacets` counts: a product passing every filter counts for every field; one failing
 * exactly one filter counts for that filter's field only.
 */
export function specificationFacetsInMemory<P>(
  fields: SpecificationField[],
  conditions: SpecCondition[],
  products: Iterable<P>,
  valueOf: (product: P, fieldId: number) => SpecValue | undefined,
): SpecificationFacet[] {
  const rows = new Map<string, FacetRow>();
  const count = (fieldId: number, value: SpecValue | undefined) => {
    if (!value) return;
    const key = JSON.stringify([fieldId, value.listValue, value.booleanValue]);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { fieldId, listValue: value.listValue, booleanValue: value.booleanValue, count: 0, min: null, max: null }));
    row.count++;
    if (value.numberValue !== null) {
      row.min = row.min === null ? value.numberValue : Math.min(row.min, value.numberValue);
      row.max = row.max === null ? value.numberValue : Math.max(row.max, value.numberValue);
    }
  };
  const fieldIds = new Set(fields.map((field) => field.id));
  const active = conditions.filter((condition) => fieldIds.has(condition.fieldId));
  const idle = fields.filter((field) => !conditions.some((condition) => condition.fieldId === field.id)).map((field) => field.id);
  for (const product of products) {
    let failed: SpecCondition | undefined;
    let failures = 0;
    for (const condition of conditions) {
      if (specConditionHolds(condition, valueOf(product, condition.fieldId))) continue;
      failed = condition;
      if (++failures > 1) break;
    }
    if (failures > 1) continue;
    if (failures === 1) {
      if (fieldIds.has(failed!.fieldId)) count(failed!.fieldId, valueOf(product, failed!.fieldId));
      continue;
    }
    for (const fieldId of idle) count(fieldId, valueOf(product, fieldId));
    for (const condition of active) count(condition.fieldId, valueOf(product, condition.fieldId));
  }
  return facetsOf(fields, conditions, [...rows.values()]);
}

/** Per field: its range, or its options with counts (empty ones hidden unless selected). */
function facetsOf(fields: SpecificationField[], conditions: SpecCondition[], rows: FacetRow[]): SpecificationFacet[] {
  const active = new Map(conditions.map((condition) => [condition.fieldId, condition]));
  return fields.map((field): SpecificationFacet => {
    const own = rows.filter((row) => row.fieldId === field.id);
    const condition = active.get(field.id);
    const base = { fieldId: field.id, name: field.name, position: field.position };
    if (field.type === 'number') {
      const range = condition?.kind === 'range' ? condition : undefined;
      return {
        ...base,
        type: 'number',
        unit: field.unit,
        min: own[0]?.min ?? null,
        max: own[0]?.max ?? null,
        selected: range ? { ...(range.min !== undefined ? { min: range.min } : {}), ...(range.max !== undefined ? { max: range.max } : {}) } : null,
      };
    }
    if (field.type === 'boolean') {
      const chosen = condition?.kind === 'boolean' ? condition.values : [];
      const options = [true, false].map((flag) => ({
        value: flag ? SPEC_YES : SPEC_NO,
        count: own.find((row) => row.booleanValue === flag)?.count ?? 0,
        selected: chosen.includes(flag),
      }));
      return { ...base, type: 'boolean', options: options.filter((option) => option.count > 0 || option.selected) };
    }
    const chosen = condition?.kind === 'list' ? condition.values : [];
    const options = field.options.map((option) => ({
      value: option,
      count: own.find((row) => row.listValue === option)?.count ?? 0,
      selected: chosen.includes(option),
    }));
    return { ...base, type: 'list', options: options.filter((option) => option.count > 0 || option.selected) };
  });
}

/**
 * A search that names amounts with units ("55 inch oled", "wasmachine 8 kg"): the products whose
 * specification values hold every amount (within one percent after unit conversion, so "139 cm" finds a 55 inch set) and
 * whose text or list/yes-no values hold every other word, scored by how many terms their values
 * matched. Null when the search names no amount.
 */
export function specificationSearchMatches(search: string, others: SQL): SQL | null {
  const { amounts, words } = searchTermsOf(search);
  if (!amounts.length) return null;
  const f = specificationFields;
  const amountMatch = (amount: SearchedAmount) =>
    sql`exists (select 1 from ${v} join ${f} on ${f.id} = ${v.fieldId} where ${v.productId} = p.id and ${v.numberValue} is not null and (${sql.join(
      amount.inUnits.map(({ unit, value }) => sql`(${f.unit} = ${unit} and abs(${v.numberValue} - ${value}) <= ${Math.abs(value) * 0.01})`),
      sql` or `,
    )}))`;
  const valueWord = (word: string) =>
    sql`exists (select 1 from ${v} join ${f} on ${f.id} = ${v.fieldId} where ${v.productId} = p.id
      and (lower(${v.listValue}) = lower(${word}) or (${v.booleanValue} and lower(${f.name}) = lower(${word}))))`;
  // A word may name the product's category ("wasmachines 8 kg"), which its own text need not say.
  const textWord = (word: string) => sql`(p.search_vector @@ plainto_tsquery('dutch', ${word}) or exists (
      select 1 from ${productCategories} join ${categories} on ${categories.id} = ${productCategories.categoryId}
      where ${productCategories.productId} = p.id and to_tsvector('dutch', ${categories.name}) @@ plainto_tsquery('dutch', ${word})))`;
  const conditions = [...amounts.map(amountMatch), ...words.map((word) => sql`(${textWord(word)} or ${valueWord(word)})`)];
  const score = sql.join([sql`${amounts.length}`, ...words.map((word) => sql`(case when ${valueWord(word)} then 1 else 0 end)`)], sql` + `);
  return sql`select p.id, (10 + ${score})::real as score from products p where ${sql.join(conditions, sql` and `)} and ${others}`;
}
