/** Data access of the admin's product edit (the storefront reads are in product-list.ts and product-detail.ts). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { normaliseProducts } from '../specifications/values';
import type { Database } from '../../db/client';
import { categories, productCategories, productProperties, products } from '../../db/schema';
import { badRequest } from '../../http/errors';

export interface ProductChanges {
  fields: Partial<Pick<typeof products.$inferInsert, 'name' | 'slug' | 'brand' | 'image' | 'description'>>;
  categoryIds?: number[];
  properties?: { name: string; value: string }[];
}

/** Applies an edit in one transaction; false when the product does not exist. */
export async function updateProduct(db: Database, id: number, { fields, categoryIds, properties }: ProductChanges) {
  return db.transaction(async (tx) => {
    // A change of categories or properties alone still moves updatedAt.
    const updated = await tx
      .update(products)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (!updated.length) return false;
    if (categoryIds) await replaceCategories(tx as unknown as Database, id, categoryIds);
    if (properties) {
      await tx.delete(productProperties).where(eq(productProperties.productId, id));
      if (properties.length) await tx.insert(productProperties).values(properties.map((p) => ({ ...p, productId: id })));
    }
    if (categoryIds || properties) await normaliseProducts(tx, sql`select ${id}::int`);
    return true;
  });
}

/** Sets a product's categories, keeping the manual sort order of the ones it keeps. */
async function replaceCategories(db: Database, productId: number, categoryIds: number[]) {
  const wanted = [...new Set(categoryIds)];
  if (wanted.length) {
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted));
    if (found.length !== wanted.length) throw badRequest('Invalid categoryIds', 'categoryIds: unknown category');
  }
  const current = await db
    .select({ categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, productId));
  const removed = current.map((row) => row.categoryId).filter((cid) => !wanted.includes(cid));
  if (removed.length)
    await db
      .delete(productCategories)
      .where(and(eq(productCategories.productId, productId), inArray(productCategories.categoryId, removed)));
  const added = wanted.filter((cid) => !current.some((row) => row.categoryId === cid));
  if (added.length)
    await db.insert(productCategories).values(added.map((categoryId) => ({ productId, categoryId, sortOrder: 0 })));
}
