/** Reading the audit trail: newest first, filtered by who, what and when. Nothing here writes. */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditRecords } from '../../db/schema';
import { offsetOf } from '../../http/pagination';

export interface AuditQuery {
  page: number;
  limit: number;
  userId?: number;
  entity?: string;
  entityId?: string;
  action?: string;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  before?: Date;
}

export async function listAuditRecords(db: Database, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.userId) conditions.push(eq(auditRecords.userId, query.userId));
  if (query.entity) conditions.push(eq(auditRecords.entity, query.entity));
  if (query.entityId) conditions.push(eq(auditRecords.entityId, query.entityId));
  if (query.action) conditions.push(eq(auditRecords.action, query.action));
  if (query.from) conditions.push(gte(auditRecords.createdAt, query.from));
  if (query.before) conditions.push(lt(auditRecords.createdAt, query.before));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditRecords)
      .where(where)
      .orderBy(desc(auditRecords.createdAt), desc(auditRecords.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(auditRecords).where(where),
  ]);
  return { rows, totalItems: total?.value ?? 0 };
}
