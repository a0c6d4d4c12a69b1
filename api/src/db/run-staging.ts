/**
 * Each run stages its records in two tables of its own: unlogged copies (columns, defaults and
 * indexes) of feed_staging and feed_staging_unchanged, which stay empty as their templates. The
 * run's tables are created when it starts staging and dropped by the transaction that applies it,
 * or when the run is discarded, reaped or its store deleted. A held run keeps them for Apply anyway.
 *
 * Runs of two feeds never share a table: the ANALYZE inside one run's apply transaction takes a
 * lock that conflicts with itself and is held to the commit, so on a shared table a second
 * worker's run waited for the first one's whole apply step before it could match its records.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { selectRows } from './sql';

type Executor = Pick<Database, 'execute'>;

/** The names of a run's staged records table and of its list of carried records. */
export function runStagingNames(runId: number): { staged: string; carried: string } {
  if (!Number.isSafeInteger(runId) || runId <= 0) throw new Error(`Not a run id: ${runId}`);
  return { staged: `feed_staging_run_${runId}`, carried: `feed_staging_unchanged_run_${runId}` };
}

/** The run's two tables as SQL identifiers, for FROM, UPDATE, DELETE and ANALYZE. */
export function runStaging(runId: number): { staged: SQL; carried: SQL } {
  const names = runStagingNames(runId);
  return { staged: sql`${sql.identifier(names.staged)}`, carried: sql`${sql.identifier(names.carried)}` };
}

/** Creates the run's tables (empty); a run started again keeps what it had staged. */
export async function createRunStaging(db: Executor, runId: number): Promise<void> {
  const { staged, carried } = runStaging(runId);
  await db.execute(sql`create unlogged table if not exists ${staged} (like feed_staging including all)`);
  await db.execute(sql`create unlogged table if not exists ${carried} (like feed_staging_unchanged including all)`);
}

/** Drops the tables of these runs, those that exist. */
export async function dropRunStaging(db: Executor, runIds: readonly number[]): Promise<void> {
  if (runIds.length === 0) return;
  const tables = runIds.flatMap((runId) => Object.values(runStaging(runId)));
  await db.execute(sql`drop table if exists ${sql.join(tables, sql`, `)}`);
}

/** Whether the run has staged or carried rows (a database crash empties unlogged tables). */
export async function hasRunStagedRows(db: Executor, runId: number): Promise<boolean> {
  const names = runStagingNames(runId);
  const [exists] = await selectRows<{ staged: boolean; carried: boolean }>(db, sql`
    select to_regclass(${names.staged}) is not null as staged, to_regclass(${names.carried}) is not null as carried`);
  if (!exists?.staged || !exists.carried) return false;
  const { staged, carried } = runStaging(runId);
  const [row] = await selectRows<{ any: boolean }>(db, sql`
    select exists (select 1 from ${staged}) or exists (select 1 from ${carried}) as any`);
  return row?.any === true;
}
