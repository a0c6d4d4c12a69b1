/**
 * How well a category's products fill its specification fields (catalog admin): values per
 * field, unreadable values with examples, and the raw property names nobody mapped yet.
 */
import type { SpecificationCoverage } from '@koopjesland/shared/entities';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  productCategories,
  productProperties,
  products,
  productSpecificationValues,
  specificationFields,
  specificationPropertyNames,
} from '../../db/schema';
import { selectRows } from '../../db/sql';
import { nameKeyOf } from './values';

/** Examples of unreadable values per field, and suggested names shown. */
const EXAMPLES = 5;
const SUGGESTIONS = 20;

const pc = productCategories;
const v = productSpecificationValues;
const f = specificationFields;
const pp = productProperties;
const n = specificationPropertyNames;
const p = products;

export const readableValue = sql`(${v.numberValue} is not null or ${v.booleanValue} is not null or ${v.listValue} is not null)`;

export async function coverageOf(db: Database, categoryId: number): Promise<SpecificationCoverage> {
  const inCategory = sql`${v.productId} in (select ${pc.productId} from ${pc} where ${pc.categoryId} = ${categoryId})`;
  const [[count], fieldRows, examples, suggestions] = await Promise.all([
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from ${pc} where ${pc.categoryId} = ${categoryId}`),
    selectRows<{ fieldId: number; withValue: number; unreadable: number }>(
      db,
      sql`select ${f.id} as "fieldId",
            (select count(*)::int from ${v} where ${v.fieldId} = ${f.id} and ${readableValue} and ${inCategory}) as "withValue",
            (select count(*)::int from ${v} where ${v.fieldId} = ${f.id} and not ${readableValue} and ${inCategory}) as unreadable
          from ${f} where ${f.categoryId} = ${categoryId} order by ${f.position}, ${f.id}`,
    ),
    selectRows<{ fieldId: number; productId: number; productName: string; propertyName: string; value: string }>(
      db,
      sql`select e."fieldId", e."productId", e."productName", e."propertyName", e.value from ${f}
          cross join lateral (
            select ${v.fieldId} as "fieldId", ${v.productId} as "productId", ${p.name} as "productName",
              ${v.propertyName} as "propertyName", ${v.rawValue} as value
            from ${v} join ${p} on ${p.id} = ${v.productId}
            where ${v.fieldId} = ${f.id} and not ${readableValue} and ${inCategory}
            order by ${v.productId} limit ${EXAMPLES}) e
          where ${f.categoryId} = ${categoryId}`,
    ),
    selectRows<{ name: string; productCount: number; exampleValues: string[] }>(
      db,
      sql`select min(${pp.name}) as name, count(distinct ${pp.productId})::int as "productCount",
            (array_agg(distinct ${pp.value}))[1:3] as "exampleValues"
          from ${pp} join ${pc} on ${pc.productId} = ${pp.productId} and ${pc.categoryId} = ${categoryId}
          where not exists (select 1 from ${n} where ${n.categoryId} = ${categoryId} and ${n.nameKey} = ${nameKeyOf(sql`${pp.name}`)})
          group by ${nameKeyOf(sql`${pp.name}`)}
          order by count(distinct ${pp.productId}) desc, min(${pp.name}) limit ${SUGGESTIONS}`,
    ),
  ]);
  return {
    productCount: count?.total ?? 0,
    fields: fieldRows.map((row) => ({
      ...row,
      examples: examples.filter((example) => example.fieldId === row.fieldId).map(({ fieldId: _, ...example }) => example),
    })),
    suggestions,
  };
}
