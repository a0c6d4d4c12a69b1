/**
 * Data access of wishlist price alerts. An item's alert is armed until its product's lowest
 * total reaches the max price; then it fires once (a `price_alerts` row, pending until its mail
 * is out) and stays quiet until the price rises above the target (re-armed here) or the target
 * changes (re-armed by the wishlist). Everything is set-based: one statement re-arms, one fires,
 * whatever the number of items.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intArray, selectRows } from '../../db/sql';
import { priceAlerts, products, stores, users } from '../../db/schema';

/** Separate alert mails a user gets per day; the rest of the day's alerts go in one digest. */
export const DAILY_ALERT_MAILS = 10;
/** After this many failed sends an alert is given up (kept, with its last error). */
export const MAX_SEND_ATTEMPTS = 10;
/** A claim older than this is taken to be from a process that stopped while sending. */
const STALE_CLAIM = sql`interval '10 minutes'`;
/** Serialises claims across API instances (pg_advisory_xact_lock namespace). */
const CLAIM_LOCK = 727_014;
/** The day of the daily maximum: the calendar day in the Netherlands. */
const startOfToday = sql`(date_trunc('day', now() at time zone 'Europe/Amsterdam') at time zone 'Europe/Amsterdam')`;

export interface AlertScope {
  /** Only this user's items (a wishlist change). */
  userId?: number;
  /** Only this product's items (an admin's offer edit). Neither: every item (an import). */
  productId?: number;
}

const scoped = (scope: AlertScope): SQL =>
  sql.join(
    [
      scope.userId === undefined ? undefined : sql`and w.user_id = ${scope.userId}`,
      scope.productId === undefined ? undefined : sql`and w.product_id = ${scope.productId}`,
    ].filter((part): part is SQL => part !== undefined),
    sql` `,
  );

/**
 * Re-arms the alerts whose product is now above the target (or has no offer), then fires every
 * armed alert whose product's lowest total is at or below the target, for users who did not
 * unsubscribe. Returns how many fired.
 */
export async function evaluateAlerts(db: Database, scope: AlertScope = {}): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      update wishlist_items w set alert_armed = true
      from product_prices p
      where p.product_id = w.product_id and not w.alert_armed
        and (p.lowest_total is null or p.lowest_total > w.max_price) ${scoped(scope)}`);
    const fired = await selectRows<{ id: number }>(
      tx,
      sql`
        with fired as (
          update wishlist_items w set
            alert_armed = false, alert_sent_at = now(), alert_sent_target = w.max_price, alert_sent_total = p.lowest_total
          from product_prices p, users u
          where p.product_id = w.product_id and u.id = w.user_id and w.alert_armed
            and p.lowest_total is not null and p.lowest_total <= w.max_price
            and u.price_alerts_unsubscribed_at is null ${scoped(scope)}
          returning w.id, w.user_id, w.product_id, p.lowest_store_id, p.lowest_total, w.max_price
        )
        insert into price_alerts (user_id, wishlist_item_id, product_id, store_id, total, target)
        select user_id, id, product_id, lowest_store_id, lowest_total, max_price from fired
        returning id`,
    );
    return fired.length;
  });
}

/**
 * Claims the pending alerts (and those of a claim gone stale) of users with no send under way,
 * all of a user's at once, so the daily maximum is counted by one sender.
 */
export async function claimPendingAlerts(db: Database, scope: Pick<AlertScope, 'userId'> = {}): Promise<{ id: number; userId: number }[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const userFilter = scope.userId === undefined ? sql`` : sql`and a.user_id = ${scope.userId}`;
    return selectRows<{ id: number; userId: number }>(
      tx,
      sql`
        update price_alerts a set status = 'sending', claimed_at = now()
        where (a.status = 'pending' or (a.status = 'sending' and a.claimed_at < now() - ${STALE_CLAIM})) ${userFilter}
          and not exists (
            select 1 from price_alerts s
            where s.user_id = a.user_id and s.status = 'sending' and s.claimed_at >= now() - ${STALE_CLAIM}
          )
        returning a.id, a.user_id as "userId"`,
    );
  });
}

export interface ClaimedAlert {
  id: number;
  userId: number;
  email: string;
  language: 'nl' | 'en';
  unsubscribed: boolean;
  productId: number;
  productName: string;
  productSlug: string;
  storeName: string | null;
  total: number;
  target: number;
  attempts: number;
  /** False when the item is gone or its target changed since the alert fired (a new alert follows the new target). */
  current: boolean;
}

/** The claimed alerts with what their mail names, oldest first. */
export async function claimedAlertDetails(db: Database, ids: number[]): Promise<ClaimedAlert[]> {
  if (!ids.length) return [];
  return selectRows<ClaimedAlert>(
    db,
    sql`
      select a.id, a.user_id as "userId", u.email, u.language,
        u.price_alerts_unsubscribed_at is not null as unsubscribed,
        a.product_id as "productId", p.name as "productName", p.slug as "productSlug", s.name as "storeName",
        a.total, a.target, a.attempts,
        (w.id is not null and w.max_price = a.target) as current
      from ${priceAlerts} a
      join ${users} u on u.id = a.user_id
      join ${products} p on p.id = a.product_id
      left join ${stores} s on s.id = a.store_id
      left join wishlist_items w on w.id = a.wishlist_item_id
      where a.id = any(${intArray(ids)})
      order by a.user_id, a.id`,
  );
}

/** What the user already got today: separate alert mails, and whether the digest went. */
export async function sentToday(db: Database, userId: number): Promise<{ singles: number; digest: boolean }> {
  const [row] = await selectRows<{ singles: number; digest: boolean }>(
    db,
    sql`
      select count(*) filter (where kind = 'single')::int as singles, coalesce(bool_or(kind = 'digest'), false) as digest
      from ${priceAlerts}
      where user_id = ${userId} and status = 'sent' and sent_at >= ${startOfToday}`,
  );
  return row ?? { singles: 0, digest: false };
}

export async function markSent(db: Database, ids: number[], kind: 'single' | 'digest'): Promise<void> {
  if (!ids.length) return;
  await db
    .update(priceAlerts)
    .set({ status: 'sent', kind, sentAt: sql`now()`, claimedAt: null, attempts: sql`${priceAlerts.attempts} + 1`, lastError: null })
    .where(inArray(priceAlerts.id, ids));
}

/** A failed send: pending again for the next pass, given up after MAX_SEND_ATTEMPTS (kept with the error). */
export async function markFailed(db: Database, ids: number[], error: string): Promise<void> {
  if (!ids.length) return;
  await db
    .update(priceAlerts)
    .set({
      status: sql`case when ${priceAlerts.attempts} + 1 >= ${MAX_SEND_ATTEMPTS} then 'cancelled' else 'pending' end`,
      attempts: sql`${priceAlerts.attempts} + 1`,
      lastError: error.slice(0, 500),
      claimedAt: null,
    })
    .where(inArray(priceAlerts.id, ids));
}

/** Back to pending without an attempt (the day's mails are used up: they wait for tomorrow). */
export async function release(db: Database, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.update(priceAlerts).set({ status: 'pending', claimedAt: null }).where(inArray(priceAlerts.id, ids));
}

/** Alerts that will not be sent: the user unsubscribed, or the item is gone or has a new target. */
export async function cancel(db: Database, ids: number[], reason: string): Promise<void> {
  if (!ids.length) return;
  await db.update(priceAlerts).set({ status: 'cancelled', claimedAt: null, lastError: reason }).where(inArray(priceAlerts.id, ids));
}

/** Whether the user gets price alerts (false after an unsubscribe). */
export async function alertsEnabled(db: Database, userId: number): Promise<boolean> {
  const [user] = await db.select({ off: users.priceAlertsUnsubscribedAt }).from(users).where(eq(users.id, userId));
  return user?.off === null;
}

/** Subscribes again (the user's choice on their wishlist page); items met meanwhile fire on the next pass. */
export async function resubscribe(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ priceAlertsUnsubscribedAt: null }).where(eq(users.id, userId));
}

/** The one-click unsubscribe: no more alerts; the user's open alerts are cancelled. False for an unknown user. */
export async function unsubscribe(db: Database, userId: number): Promise<{ language: 'nl' | 'en' } | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ priceAlertsUnsubscribedAt: sql`coalesce(${users.priceAlertsUnsubscribedAt}, now())` })
      .where(eq(users.id, userId))
      .returning({ language: users.language });
    if (!user) return undefined;
    await tx
      .update(priceAlerts)
      .set({ status: 'cancelled', lastError: 'unsubscribed', claimedAt: null })
      .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'pending'), isNull(priceAlerts.sentAt)));
    return user;
  });
}
