/**
 * Data access of the admin's view of wishlists: items with the user's email, the product's name,
 * its current lowest price and whether that meets the desired maximum.
 */
import { containsPattern } from '../../db/sql';
import { and, count, desc, eq, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { productPrices, products, users, wishlistItems } from '../../db/schema';
import { offsetOf } from '../../http/pagination';
import { rearmOnNewTarget } from './repository';

const targetMet = and(sql`${productPrices.lowestTotal} is not null`, lte(productPrices.lowestTotal, wishlistItems.maxPrice))!;

const selectItems = (db: Database) =>
  db
    .select({
      id: wishlistItems.id,
      productId: wishlistItems.productId,
      userId: wishlistItems.userId,
      maxPrice: wishlistItems.maxPrice,
      createdAt: wishlistItems.createdAt,
      updatedAt: wishlistItems.updatedAt,
      userEmail: users.email,
      productName: products.name,
      currentLowestPrice: productPrices.lowestTotal,
      targetMet: sql<boolean>`coalesce(${targetMet}, false)`,
    })
    .from(wishlistItems)
    .innerJoin(users, eq(users.id, wishlistItems.userId))
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoin(productPrices, eq(productPrices.productId, products.id));

export type AdminWishlistItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

export interface AdminWishlistFilters {
  userId?: number;
  productId?: number;
  /** Part of the user's email or the product's name. */
  search?: string;
  targetMet?: boolean;
}

function whereOf(filters: AdminWishlistFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.userId) conditions.push(eq(wishlistItems.userId, filters.userId));
  if (filters.productId) conditions.push(eq(wishlistItems.productId, filters.productId));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(or(ilike(users.email, pattern), ilike(products.name, pattern))!);
  }
  if (filters.targetMet !== undefined) conditions.push(filters.targetMet ? targetMet : sql`not coalesce(${targetMet}, false)`);
  return conditions.length ? and(...conditions) : undefined;
}

export function adminWishlistRepository(db: Database) {
  return {
    async list({ page, limit, ...filters }: { page: number; limit: number } & AdminWishlistFilters) {
      const where = whereOf(filters);
      const [rows, [total]] = await Promise.all([
        selectItems(db)
          .where(where)
          .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id))
          .limit(limit)
          .offset(offsetOf({ page, limit })),
        db
          .select({ value: count() })
          .from(wishlistItems)
          .innerJoin(users, eq(users.id, wishlistItems.userId))
          .innerJoin(products, eq(products.id, wishlistItems.productId))
          .innerJoin(productPrices, eq(productPrices.productId, products.id))
          .where(where),
      ]);
      return { rows, totalItems: total?.value ?? 0 };
    },
    async find(id: number) {
      const [item] = await selectItems(db).where(eq(wishlistItems.id, id)).limit(1);
      return item;
    },
    async update(id: number, { maxPrice }: { maxPrice: number }) {
      // A new target re-arms the price alert; the next alert pass (at most 5 minutes) sends it if met.
      const updated = await db
        .update(wishlistItems)
        .set({ maxPrice, alertArmed: rearmOnNewTarget(maxPrice) })
        .where(eq(wishlistItems.id, id))
        .returning({ id: wishlistItems.id });
      return updated.length > 0;
    },
    async remove(id: number) {
      const deleted = await db.delete(wishlistItems).where(eq(wishlistItems.id, id)).returning({ id: wishlistItems.id });
      return deleted.length > 0;
    },
  };
}
