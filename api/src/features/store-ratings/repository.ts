/** Data access of the admin's view of store ratings: ratings with the store's name and the rater's email. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storeRatings, stores, users } from '../../db/schema';
import { offsetOf } from '../../http/pagination';

const selectRatings = (db: Database) =>
  db
    .select({
      id: storeRatings.id,
      storeId: storeRatings.storeId,
      userId: storeRatings.userId,
      rating: storeRatings.rating,
      comment: storeRatings.comment,
      createdAt: storeRatings.createdAt,
      updatedAt: storeRatings.updatedAt,
      storeName: stores.name,
      userEmail: users.email,
    })
    .from(storeRatings)
    .innerJoin(stores, eq(stores.id, storeRatings.storeId))
    .leftJoin(users, eq(users.id, storeRatings.userId));

export interface StoreRatingChanges {
  rating?: number;
  /** Blank or null removes the comment. */
  comment?: string | null;
}

export interface StoreRatingFilters {
  storeId?: number;
  /** Exactly this many stars. */
  stars?: number;
  userId?: number;
}

function whereOf(filters: StoreRatingFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.storeId) conditions.push(eq(storeRatings.storeId, filters.storeId));
  if (filters.stars) conditions.push(eq(storeRatings.rating, filters.stars));
  if (filters.userId) conditions.push(eq(storeRatings.userId, filters.userId));
  return conditions.length ? and(...conditions) : undefined;
}

export function storeRatingRepository(db: Database) {
  const find = async (id: number) => {
    const [rating] = await selectRatings(db).where(eq(storeRatings.id, id)).limit(1);
    return rating;
  };
  return {
    async list({ page, limit, ...filters }: { page: number; limit: number } & StoreRatingFilters) {
      const where = whereOf(filters);
      const [rows, [total]] = await Promise.all([
        selectRatings(db)
          .where(where)
          .orderBy(desc(storeRatings.createdAt), desc(storeRatings.id))
          .limit(limit)
          .offset(offsetOf({ page, limit })),
        db.select({ value: count() }).from(storeRatings).where(where),
      ]);
      return { rows, totalItems: total?.value ?? 0 };
    },
    find,
    async update(id: number, { rating, comment }: StoreRatingChanges) {
      const changes = { ...(rating !== undefined ? { rating } : {}), ...(comment !== undefined ? { comment: comment || null } : {}) };
      if (!Object.keys(changes).length) return (await find(id)) !== undefined;
      const updated = await db.update(storeRatings).set(changes).where(eq(storeRatings.id, id)).returning({ id: storeRatings.id });
      return updated.length > 0;
    },
    async remove(id: number) {
      const deleted = await db.delete(storeRatings).where(eq(storeRatings.id, id)).returning({ id: storeRatings.id });
      return deleted.length > 0;
    },
  };
}
