/**
 * Price alerts, end to end: after offers changed (an import committed, an admin edited an offer)
 * or a target was set, fire the alerts that are due and send their mail through the one mail
 * module, outside any import transaction. Sending never fails its caller: a failed send stays
 * pending and is retried by the next pass (each import, offer edit, target change, and every few
 * minutes in a process that runs the scheduler).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { mailerOf, type MailMessage } from '../../mail/mailer';
import { priceAlertDigestMail, priceAlertMail, type PriceAlertLine } from '../../mail/templates';
import {
  cancel,
  claimedAlertDetails,
  claimPendingAlerts,
  DAILY_ALERT_MAILS,
  evaluateAlerts,
  markFailed,
  markSent,
  release,
  sentToday,
  type AlertScope,
  type ClaimedAlert,
} from './repository';
import { unsubscribeToken } from './unsubscribe-token';

type AlertApp = Pick<FastifyInstance, 'config' | 'db' | 'log'>;

/** Passes of one database run one after another in this process (claims serialise across processes). */
const passes = new WeakMap<Database, Promise<void>>();

/**
 * One pass: fire the due alerts in the scope, then send what is pending (the whole day's cap
 * applies per user). Resolves when the pass is done; never rejects.
 */
export function runPriceAlerts(app: AlertApp, scope: AlertScope = {}): Promise<void> {
  const previous = passes.get(app.db) ?? Promise.resolve();
  const next = previous.then(async () => {
    try {
      await evaluateAlerts(app.db, scope);
      await deliverPending(app, scope.userId === undefined ? {} : { userId: scope.userId });
    } catch (error) {
      app.log.error({ err: error }, 'price alerts pass failed');
    }
  });
  passes.set(app.db, next);
  return next;
}

export function unsubscribeUrl(app: AlertApp, userId: number): string {
  return `${app.config.publicUrl}/api/price-alerts/unsubscribe?token=${unsubscribeToken(app.config.jwtSecret, userId)}`;
}

async function deliverPending(app: AlertApp, scope: { userId?: number }): Promise<void> {
  const claimed = await claimPendingAlerts(app.db, scope);
  if (!claimed.length) return;
  const alerts = await claimedAlertDetails(app.db, claimed.map((alert) => alert.id));
  const byUser = new Map<number, ClaimedAlert[]>();
  for (const alert of alerts) byUser.set(alert.userId, [...(byUser.get(alert.userId) ?? []), alert]);
  for (const userAlerts of byUser.values()) {
    try {
      await deliverToUser(app, userAlerts);
    } catch (error) {
      // The database failed between sends: whatever is still claimed is retried after the claim goes stale.
      app.log.error({ err: error, userId: userAlerts[0]!.userId }, 'price alerts of a user could not be delivered');
    }
  }
}

async function deliverToUser(app: AlertApp, alerts: ClaimedAlert[]): Promise<void> {
  const db = app.db;
  await cancel(db, alerts.filter((alert) => alert.unsubscribed).map((alert) => alert.id), 'unsubscribed');
  await cancel(db, alerts.filter((alert) => !alert.unsubscribed && !alert.current).map((alert) => alert.id), 'target changed or item removed');
  const due = alerts.filter((alert) => !alert.unsubscribed && alert.current);
  if (!due.length) return;
  const { userId, email, language } = due[0]!;
  const unsubscribe = unsubscribeUrl(app, userId);
  const lineOf = (alert: ClaimedAlert): PriceAlertLine => ({
    productName: alert.productName,
    total: alert.total,
    target: alert.target,
    storeName: alert.storeName,
    link: `${app.config.publicUrl}/product/${encodeURIComponent(alert.productSlug)}/${alert.productId}`,
  });
  const today = await sentToday(db, userId);
  const singles = due.slice(0, Math.max(0, DAILY_ALERT_MAILS - today.singles));
  const rest = due.slice(singles.length);
  for (const alert of singles) {
    await sendAndRecord(app, priceAlertMail(email, language, lineOf(alert), unsubscribe), [alert.id], 'single');
  }
  if (!rest.length) return;
  // One digest a day; alerts beyond it wait for tomorrow's mails.
  if (today.digest) await release(db, rest.map((alert) => alert.id));
  else await sendAndRecord(app, priceAlertDigestMail(email, language, rest.map(lineOf), unsubscribe), rest.map((alert) => alert.id), 'digest');
}

async function sendAndRecord(app: AlertApp, message: MailMessage, ids: number[], kind: 'single' | 'digest'): Promise<void> {
  try {
    await mailerOf(app).send(message);
  } catch (error) {
    app.log.warn({ err: error, alerts: ids }, 'price alert mail could not be sent; it stays pending');
    await markFailed(app.db, ids, (error as Error).message ?? String(error));
    return;
  }
  await markSent(app.db, ids, kind);
}
