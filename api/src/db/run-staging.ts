/**
 * Each run stages its records in two tables of its own: unlogged copies of feed_staging and
 * feed_staging_unchanged, which stay empty as their templates. The run's tables are created when
 * it starts staging and dropped by the transaction that applies it, or when the run is discarded,
 * reaped or its store deleted. A held run keeps them for Apply anyway.
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

/**
 * Creates the run's tables (empty); a run started again keeps what it had staged. The staged
 * records get their indexes only once matching and classification have written their product and
 * offer (`indexRunStaging`): each of those updates then leaves the indexes alone.
 */
export async function createRunStaging(db: Executor, runId: number): Promise<void> {
  const { staged, carried } = runStaging(runId);
  await db.execute(sql`create unlogged table if not exists ${staged} (like feed_staging including defaults)`);
  await db.execute(sql`create unlogged table if not exists ${carried} (like feed_staging_unchanged including all)`);
}

/**
 * Indexes the run's staged records by offer and by product, the columns every later join of the
 * apply step (features/feeds/apply.ts) reads them by, so none of its plans is worse than
 * linear whatever the statistics say. Inside the apply transaction: a rollback (a held run) drops
 * them again, and its Apply makes them anew.
 */
export async function indexRunStaging(db: Executor, runId: number): Promise<void> {
  const { staged } = runStagingNames(runId);
  for (const column of ['offer_id', 'product_id'] as const) {
    await db.execute(sql`create index if not exists ${sql.identifier(`${staged}_${column}_idx`)}
      on ${sql.identifier(staged)} (run_id, ${sql.identifier(column)})`);
  }
}

/**
 * The staged records' columns the apply step filters or joins on (features/feeds/apply.ts and the
 * steps it calls): the planner's estimates need their statistics, and only theirs. The text
 * columns a run only copies (name, description, link, …) cost most of a full ANALYZE.
 */
const PLANNED_COLUMNS = [
  'run_id', 'gtin', 'external_id', 'product_id', 'price_id', 'offer_id', 'is_new_product', 'is_changed', 'total_changed',
  'in_stock', 'total', 'category_path', 'images', 'properties', 'from_amount',
] as const;

/** Fresh statistics of the run's staged records, for the statements that join on them next. */
export async function analyzeRunStaging(db: Executor, runId: number): Promise<void> {
  const { staged } = runStaging(runId);
  await db.execute(sql`analyze ${staged} (${sql.join(PLANNED_COLUMNS.map((column) => sql.identifier(column)), sql`, `)})`);
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
