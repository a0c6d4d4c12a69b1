/** Data access of the admin's view of wishlists: items with the user's email and the product's name. */
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, users, wishlistItems } from '../../db/schema';
import { offsetOf } from '../../http/pagination';

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
    })
    .from(wishlistItems)
    .innerJoin(users, eq(users.id, wishlistItems.userId))
    .innerJoin(products, eq(products.id, wishlistItems.productId));

export type AdminWishlistItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

export function adminWishlistRepository(db: Database) {
  return {
    async list({ page, limit, ownerId }: { page: number; limit: number; ownerId?: number }) {
      const where = ownerId ? eq(wishlistItems.userId, ownerId) : undefined;
      const [rows, [total]] = await Promise.all([
        selectItems(db)
          .where(where)
          .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id))
          .limit(limit)
          .offset(offsetOf({ page, limit })),
        db.select({ value: count() }).from(wishlistItems).where(where),
      ]);
      return { rows, totalItems: total?.value ?? 0 };
    },
    async find(id: number) {
      const [item] = await selectItems(db).where(eq(wishlistItems.id, id)).limit(1);
      return item;
    },
    async update(id: number, { maxPrice }: { maxPrice: number }) {
      const updated = await db.update(wishlistItems).set({ maxPrice }).where(eq(wishlistItems.id, id)).returning({ id: wishlistItems.id });
      return updated.length > 0;
    },
    async remove(id: number) {
      const deleted = await db.delete(wishlistItems).where(eq(wishlistItems.id, id)).returning({ id: wishlistItems.id });
      return deleted.length > 0;
    },
  };
}
