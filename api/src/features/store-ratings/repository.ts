/**
 * Data access of store ratings: the admin's view (ratings with the store's name and the rater's
 * email) and the visitors' (the store page, one's own rating).
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storeRatings, stores, users } from '../../db/schema';
import { selectRows } from '../../db/sql';
import { memoByCatalogVersion, readCatalogVersion } from '../../http/catalog-version';
import { OVERIG_SLUG, type ImageCopy } from '@koopjesland/shared/entities';
import { imageCopyOf } from '../image-copies/shown-image';
import { offsetOf } from '../../http/pagination';
import { offerAlias, visibleOffer } from '../offers/visible-offers';

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

/** Comments shown on a store page, newest (or last edited) first. */
export const STORE_PAGE_RATINGS = 50;

/** The store page's data: the store, its rating, its latest ratings and its current offers' categories. */
export async function storePageOf(db: Database, slug: string) {
  const [store] = await selectRows<{ id: number; name: string; slug: string; url: string; logo: string | null; logoCopy: ImageCopy | null; average: number | null; count: number }>(
    db,
    sql`select s.id, s.name, s.slug, s.url, s.logo, ${imageCopyOf(sql`s.logo`)} as "logoCopy",
          (select round(avg(r.rating)::numeric, 1)::float8 from store_ratings r where r.store_id = s.id) as average,
          (select count(*)::int from store_ratings r where r.store_id = s.id) as count
        from stores s where s.slug = ${slug}`,
  );
  if (!store) return undefined;
  const [ratings, categories] = await Promise.all([
    selectRows<{ id: number; rating: number; comment: string | null; updatedAt: Date }>(
      db,
      sql`select id, rating, comment, updated_at as "updatedAt" from store_ratings
          where store_id = ${store.id} order by updated_at desc, id desc limit ${STORE_PAGE_RATINGS}`,
    ),
    selectRows<{ id: number; name: string; slug: string; products: number }>(
      db,
      sql`select c.id, c.name, c.slug, count(distinct p.product_id)::int as products
          from prices p join product_categories pc on pc.product_id = p.product_id join categories c on c.id = pc.category_id
          where p.store_id = ${store.id} and ${visibleOffer(offerAlias('p'))} and c.slug <> ${OVERIG_SLUG}
          group by c.id order by products desc, c.name limit 20`,
    ),
  ]);
  const { average, count: ratingCount, ...details } = store;
  return { store: { ...details, rating: { average, count: ratingCount } }, ratings, categories };
}

export async function ownRatingOf(db: Database, storeId: number, userId: number) {
  const [own] = await db
    .select({ rating: storeRatings.rating, comment: storeRatings.comment })
    .from(storeRatings)
    .where(and(eq(storeRatings.storeId, storeId), eq(storeRatings.userId, userId)));
  return own ?? null;
}

/** Sets the visitor's one rating of the store (a second call edits it). */
export async function setOwnRating(db: Database, storeId: number, userId: number, rating: number, comment: string | null) {
  const [saved] = await db
    .insert(storeRatings)
    .values({ storeId, userId, rating, comment })
    .onConflictDoUpdate({
      target: [storeRatings.storeId, storeRatings.userId],
      targetWhere: sql`${storeRatings.userId} is not null`,
      set: { rating, comment, updatedAt: sql`now()` },
    })
    .returning({ rating: storeRatings.rating, comment: storeRatings.comment });
  return saved!;
}

export const NO_RATINGS = { average: null, count: 0 } as const;

/**
 * Every store's rating (average with one decimal, count), kept per catalogue version: the
 * product page shows it beside each offer, and there are few stores but many product views.
 */
export async function storeRatingSummaries(db: Database): Promise<Map<number, { average: number | null; count: number }>> {
  const version = await readCatalogVersion(db);
  return memoByCatalogVersion(db, 'store-rating-summaries', version, async () => {
    const rows = await selectRows<{ storeId: number; average: number; count: number }>(
      db,
      sql`select store_id as "storeId", round(avg(rating)::numeric, 1)::float8 as average, count(*)::int as count
          from store_ratings group by store_id`,
    );
    return new Map(rows.map(({ storeId, ...summary }) => [storeId, summary]));
  });
}
