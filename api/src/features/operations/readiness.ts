/**
 * What a load balancer asks before sending traffic: the database answers, every migration of
 * this build has been applied (an instance started on an older schema must not serve), and the
 * feed-run queue (the queued runs of feed_runs, in the same database) can be read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../db/client';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  migrations: 'applied' | 'pending' | 'unknown';
  queue: 'ok' | 'unreachable';
}

const expectedMigrations = (): number =>
  (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

export async function checkReadiness(db: Database): Promise<Readiness> {
  try {
    const result = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { applied: number }[];
    };
    const applied = result.rows[0]?.applied ?? 0;
    const migrations = applied >= expectedMigrations() ? 'applied' : 'pending';
    const queue = await db.execute(sql`select count(*) from feed_runs where status = 'queued'`).then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    return { ready: migrations === 'applied' && queue === 'ok', database: 'ok', migrations, queue };
  } catch {
    return { ready: false, database: 'unreachable', migrations: 'unknown', queue: 'unreachable' };
  }
}
