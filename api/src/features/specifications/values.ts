/**
 * Writes products' normalised specification values from their properties: after a feed run
 * (for the products it created or first categorised), whenever a product's properties or
 * category links change (by any path: product save, category membership, aliases, merges), and
 * for a whole category when a field or its mapping changes.
 * Properties are never touched; a value that cannot be read is kept with its raw text.
 */
import type { SpecificationFieldType, SpecificationUnit } from '@koopjesland/shared/entities';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  productCategories,
  productProperties,
  productSpecificationValues,
  specificationFields,
  specificationPropertyNames,
} from '../../db/schema';
import { intArray, selectRows } from '../../db/sql';
import { normaliseValue } from './normalise';

type Tx = Pick<Database, 'execute' | 'insert'>;

/** Rows per insert: 7 parameters each; PGlite refuses a statement with tens of thousands of parameters. */
const INSERT_BATCH = 1000;

/** The SQL form of `propertyNameKey` (normalise.ts): trimmed, inner spaces collapsed, lower case. */
export const nameKeyOf = (name: SQL) => sql`lower(regexp_replace(btrim(${name}), '\\s+', ' ', 'g'))`;

interface Candidate {
  productId: number;
  fieldId: number;
  type: SpecificationFieldType;
  unit: SpecificationUnit | null;
  options: string[];
  name: string;
  value: string;
}

/**
 * Re-reads the values of the given products (a query of product ids); with `categoryId`, only
 * the fields of that category (a field's change leaves the product's other fields alone).
 * Returns how many values were written and how many of them could not be read.
 */
export async function normaliseProducts(tx: Tx, productIds: SQL, categoryId?: number): Promise<{ written: number; unreadable: number }> {
  const f = specificationFields;
  const n = specificationPropertyNames;
  const pc = productCategories;
  const pp = productProperties;
  const v = productSpecificationValues;
  const fieldScope = categoryId === undefined ? sql`true` : sql`${v.fieldId} in (select ${f.id} from ${f} where ${f.categoryId} = ${categoryId})`;
  await tx.execute(sql`delete from ${v} where ${v.productId} in (${productIds}) and ${fieldScope}`);
  const candidates = await selectRows<Candidate>(
    tx,
    sql`select ${pc.productId} as "productId", ${f.id} as "fieldId", ${f.type} as type, ${f.unit} as unit, ${f.options} as options,
          ${pp.name} as name, ${pp.value} as value
        from ${pc}
        join ${f} on ${f.categoryId} = ${pc.categoryId}
        join ${n} on ${n.fieldId} = ${f.id}
        join ${pp} on ${pp.productId} = ${pc.productId} and ${nameKeyOf(sql`${pp.name}`)} = ${n.nameKey}
        where ${pc.productId} in (${productIds}) ${categoryId === undefined ? sql`` : sql`and ${pc.categoryId} = ${categoryId}`}
        order by ${pc.productId}, ${f.id}, ${pp.id}`,
  );
  const rows = valuesOf(candidates);
  for (let start = 0; start < rows.length; start += INSERT_BATCH)
    await tx.insert(v).values(rows.slice(start, start + INSERT_BATCH)).onConflictDoNothing();
  return { written: rows.length, unreadable: rows.filter((row) => !readable(row)).length };
}

type ValueRow = typeof productSpecificationValues.$inferInsert;

const readable = (row: ValueRow) => row.numberValue != null || row.booleanValue != null || row.listValue != null;

/** One value per product and field: the first mapped property that reads, else the first one as unreadable. */
function valuesOf(candidates: Candidate[]): ValueRow[] {
  const byKey = new Map<string, ValueRow>();
  for (const candidate of candidates) {
    const key = `${candidate.productId}:${candidate.fieldId}`;
    const kept = byKey.get(key);
    if (kept && readable(kept)) continue;
    const base = { productId: candidate.productId, fieldId: candidate.fieldId, propertyName: candidate.name, rawValue: candidate.value };
    const read = normaliseValue(candidate, candidate.value);
    if (!read.ok) {
      if (!kept) byKey.set(key, base);
      continue;
    }
    byKey.set(key, {
      ...base,
      numberValue: typeof read.value === 'number' ? read.value : null,
      booleanValue: typeof read.value === 'boolean' ? read.value : null,
      listValue: typeof read.value === 'string' ? read.value : null,
    });
  }
  return [...byKey.values()];
}

/**
 * After products joined or left categories (or gained or lost properties): every value of theirs
 * read again, so they have values for the fields of the categories they are in now and none for
 * those of a category they left. Every writer of `product_categories` calls it in its transaction.
 */
export const categoriesChanged = (tx: Tx, productIds: readonly number[] | SQL) =>
  Array.isArray(productIds)
    ? productIds.length
      ? normaliseProducts(tx, sql`select unnest(${intArray(productIds)})`)
      : Promise.resolve({ written: 0, unreadable: 0 })
    : normaliseProducts(tx, productIds as SQL);

/** Every product of a category, for re-reading after its fields changed. */
export const productsOfCategory = (categoryId: number) =>
  sql`select ${productCategories.productId} from ${productCategories} where ${productCategories.categoryId} = ${categoryId}`;

/**
 * After a feed run: its products that have no values yet (new ones, and existing ones the run
 * put in a category for the first time); the others' properties are not written by a run.
 */
export const normaliseRunProducts = (tx: Tx, stagedProductIds: SQL) =>
  normaliseProducts(
    tx,
    sql`select distinct s.id from (${stagedProductIds}) as s(id)
        where s.id is not null and not exists (select 1 from ${productSpecificationValues} where ${productSpecificationValues.productId} = s.id)`,
  );
