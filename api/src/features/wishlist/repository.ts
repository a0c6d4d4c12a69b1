/**
 * Data access of a visitor's wishlist. Every function is scoped to the owner: another user's
 * item is as absent as a missing one.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, wishlistItems } from '../../db/schema';

/** The owner's items, oldest first. */
export async function wishlistOf(db: Database, userId: number) {
  return db
    .select()
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id));
}

export async function productExists(db: Database, productId: number): Promise<boolean> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return Boolean(product);
}

/** A new target re-arms the item's price alert (the same target leaves it as it is). */
export const rearmOnNewTarget = (maxPrice: number) => sql`(${wishlistItems.alertArmed} or ${wishlistItems.maxPrice} <> ${maxPrice})`;

/** Adds the product, or sets the new max price of the item already there; `inserted` tells which. */
export async function upsertItem(db: Database, userId: number, productId: number, maxPrice: number) {
  const [item] = await db
    .insert(wishlistItems)
    .values({ userId, productId, maxPrice })
    .onConflictDoUpdate({
      target: [wishlistItems.userId, wishlistItems.productId],
      set: { maxPrice, alertArmed: rearmOnNewTarget(maxPrice), updatedAt: new Date() },
    })
    // xmax is 0 only on a freshly inserted row.
    .returning({ id: wishlistItems.id, maxPrice: wishlistItems.maxPrice, inserted: sql<boolean>`(xmax = 0)` });
  return item!;
}

export async function findItemForProduct(db: Database, userId: number, productId: number) {
  const [item] = await db
    .select()
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return item;
}

export async function setMaxPrice(db: Database, userId: number, id: number, maxPrice: number) {
  const [item] = await db
    .update(wishlistItems)
    .set({ maxPrice, alertArmed: rearmOnNewTarget(maxPrice) })
    .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, userId)))
    .returning({ id: wishlistItems.id, maxPrice: wishlistItems.maxPrice });
  return item;
}

export async function removeItem(db: Database, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, userId)))
    .returning({ id: wishlistItems.id });
  return deleted.length > 0;
}
