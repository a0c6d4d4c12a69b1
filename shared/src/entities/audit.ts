import { z } from 'zod';
import { isoDateTime } from './common';

/** One change in the audit trail: who (as they were then), what, and the changed fields before → after. */
export const auditRecordSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  userRole: z.string().nullable(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDateTime,
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
