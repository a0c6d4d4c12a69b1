/**
 * Helpers for the `sql` template, shared by every repository: read rows the same way on
 * PGlite and node-postgres, pass id lists as one array parameter (Drizzle would expand a JS
 * array into a list of parameters), and recognise a unique-constraint violation.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';

export async function selectRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;
}

/** PostgreSQL's unique_violation (23505), whether the driver or Drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

/** `%text%` for ILIKE with the pattern characters of the text (`%`, `_`, `\\`) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
