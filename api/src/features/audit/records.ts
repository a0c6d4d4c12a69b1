/**
 * Writing the audit trail. Request handlers go through `recordChange` (trail.ts) and the audit
 * plugin; work without a request (a scheduled feed run) calls `writeAuditRecords` with no actor.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditRecords, users } from '../../db/schema';
import type { AuthUser } from '../auth/access';
import type { AuditChange } from './trail';

export async function writeAuditRecords(
  db: Database,
  actor: Pick<AuthUser, 'id' | 'email' | 'role'> | null,
  changes: AuditChange[],
): Promise<void> {
  if (!changes.length) return;
  await db.insert(auditRecords).values(
    changes.map((change) => ({
      // The actor may have just deleted their own account: keep their email and role, drop the link.
      userId: actor ? sql`(select ${users.id} from ${users} where ${users.id} = ${actor.id})` : null,
      userEmail: actor?.email ?? null,
      userRole: actor?.role ?? null,
      entity: change.entity,
      entityId: change.entityId === null || change.entityId === undefined ? null : String(change.entityId),
      action: change.action,
      before: change.before ?? null,
      after: change.after ?? null,
    })),
  );
}
