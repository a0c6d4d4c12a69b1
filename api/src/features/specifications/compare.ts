/**
 * Products of one category side by side: each with its lowest offer (and that offer's click-out
 * address) and its value of every specification field of the category.
 */
import { MAX_COMPARE_PRODUCTS, type CompareResponse } from '@koopjesland/shared/entities';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, prices, productCategories, productPrices, products, productSpecificationValues, specificationFields, stores } from '../../db/schema';
import { intArray, selectRows } from '../../db/sql';
import { badRequest } from '../../http/errors';
import { imageCopyOf } from '../image-copies/shown-image';
import { readableValue } from './coverage';
import { fieldsOf } from './fields';

const invalidIds = (details: string) => badRequest('Invalid ids', `ids: ${details}`);

export async function compareProducts(db: Database, ids: number[]): Promise<CompareResponse> {
  if (!ids.length) throw invalidIds('give at least one product id');
  if (ids.length > MAX_COMPARE_PRODUCTS) throw invalidIds(`at most ${MAX_COMPARE_PRODUCTS} products`);
  const p = products;
  const o = prices;
  const s = stores;
  const rows = await selectRows<CompareResponse['products'][number] & { categoryIds: number[] }>(
    db,
    sql`select ${p.id} as id, ${p.slug} as slug, ${p.name} as name, ${p.brand} as brand, ${p.image} as image,
          ${imageCopyOf(sql`${p.image}`)} as "imageCopy",
          (select json_build_object('id', ${o.id}, 'amount', ${o.amount}, 'shipping', ${o.shipping}, 'total', ${o.total}, 'url', ${o.url},
              'store', json_build_object('id', ${s.id}, 'name', ${s.name}, 'logo', ${s.logo}))
            from ${o} join ${s} on ${s.id} = ${o.storeId} where ${o.id} = (select ${productPrices.lowestPriceId} from ${productPrices} where ${productPrices.productId} = ${p.id})) as "lowestPrice",
          coalesce((select array_agg(${productCategories.categoryId}) from ${productCategories}
            where ${productCategories.productId} = ${p.id}), '{}') as "categoryIds"
        from ${p} where ${p.id} = any(${intArray(ids)})`,
  );
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length) throw invalidIds(`unknown product ${missing.join(', ')}`);
  // The category they share that has fields; of several, the one with the most fields.
  const shared = rows.reduce<number[]>((common, row) => common.filter((id) => row.categoryIds.includes(id)), rows[0]?.categoryIds ?? []);
  const fields = await fieldsOf(db, shared);
  const counts = new Map<number, number>();
  for (const field of fields) counts.set(field.categoryId, (counts.get(field.categoryId) ?? 0) + 1);
  const [categoryId] = [...counts.entries()].sort(([a, x], [b, y]) => y - x || a - b).map(([id]) => id);
  if (categoryId === undefined) throw invalidIds('the products are not of one category with specification fields');
  const own = fields.filter((field) => field.categoryId === categoryId);
  const v = productSpecificationValues;
  const [category] = await db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).where(sql`${categories.id} = ${categoryId}`);
  const values = await selectRows<{ productId: number; fieldId: number; value: number | boolean | string }>(
    db,
    sql`select ${v.productId} as "productId", ${v.fieldId} as "fieldId",
          coalesce(to_jsonb(${v.numberValue}), to_jsonb(${v.booleanValue}), to_jsonb(${v.listValue})) as value
        from ${v} join ${specificationFields} on ${specificationFields.id} = ${v.fieldId}
        where ${v.productId} = any(${intArray(ids)}) and ${specificationFields.categoryId} = ${categoryId} and ${readableValue}`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    category: category!,
    fields: own.map(({ propertyNames: _, ...field }) => field),
    products: ids.map((id) => {
      const { categoryIds: _, ...product } = byId.get(id)!;
      return {
        ...product,
        values: own.map((field) => ({
          fieldId: field.id,
          value: values.find((row) => row.productId === id && row.fieldId === field.id)?.value ?? null,
        })),
      };
    }),
  };
}
