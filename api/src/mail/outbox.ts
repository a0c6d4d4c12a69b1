/** The outbox: mail kept in the database when no SMTP server is configured. */
import { containsPattern } from '../db/sql';
import { count, desc, eq, ilike } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { offsetOf } from '../http/pagination';
import type { MailMessage } from './mailer';

export async function keepInOutbox(db: Database, message: MailMessage): Promise<void> {
  await db
    .insert(outbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, headers: message.headers ?? null });
}

export async function listOutbox(db: Database, query: { page: number; limit: number; to?: string }) {
  const where = query.to ? ilike(outbox.to, containsPattern(query.to)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: outbox.id, to: outbox.to, subject: outbox.subject, createdAt: outbox.createdAt })
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(outbox).where(where),
  ]);
  return { rows, totalItems: total?.value ?? 0 };
}

export async function findOutboxMessage(db: Database, id: number) {
  const [message] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return message;
}
