/**
 * The audit trail's entry point for route handlers: every admin write states what it changed
 * with `recordChange(request, …)`. Changes are collected on the request and written by the
 * audit plugin once the response succeeded, so a failed write leaves no record.
 */
import type { FastifyRequest } from 'fastify';

export interface AuditChange {
  /** The entity's kind, e.g. 'category', 'product', 'store', 'feed', 'price', 'user'. */
  entity: string;
  entityId: number | string | null;
  /** 'create' | 'update' | 'delete', or a named action such as 'merge', 'bulk-update', 'feed-run'. */
  action: string;
  /** The changed fields' values before and after; omit what does not apply (before of a create). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export function recordChange(request: FastifyRequest, change: AuditChange): void {
  request.auditChanges.push(change);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Changes stated by the handler, persisted by the audit plugin after a successful response. */
    auditChanges: AuditChange[];
  }
}

/**
 * The fields whose values differ between two states of a record, as the before and after
 * of a change; Dates compare by time. Fields absent from `after` are not compared.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const normalise = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
  const changed = Object.keys(after).filter(
    (key) => JSON.stringify(normalise(before[key])) !== JSON.stringify(normalise(after[key])),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, normalise(before[key]) ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, normalise(after[key]) ?? null])),
  };
}
