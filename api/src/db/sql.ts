/**
 * Helpers for the `sql` template, shared by every repository: read rows the same way on
 * PGlite and node-postgres, pass id lists as one array parameter (Drizzle would expand a JS
 * array into a list of parameters), and recognise a unique-constraint violation.
 */
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
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

/**
 * A column's bare name, where SQL wants no table before it: an UPDATE's SET target, an INSERT's
 * column list. Written from the schema (its snake_case casing), so a renamed column cannot be missed.
 */
export function columnName(column: Column): SQL {
  return sql`${sql.identifier(nameOf(column))}`;
}

function nameOf(column: Column): string {
  return column.keyAsName ? toSnakeCase(column.name) : column.name;
}

/** Bare column names separated by commas: an INSERT's column list. */
export function columnList(...columns: Column[]): SQL {
  return sql.join(columns.map(columnName), sql`, `);
}

/** `nextval` of a serial column's sequence: an id drawn before its row is inserted. */
export function nextIdOf(column: Column): SQL {
  return sql`nextval(pg_get_serial_sequence(${getTableName(column.table)}, ${nameOf(column)}))`;
}
