/**
 * Helpers for the `sql` template, shared by every repository: read rows the same way on
 * PGlite and node-postgres, pass id lists as one array parameter (Drizzle would expand a JS
 * array into a list of parameters), and recognise a unique-constraint violation.
 */
import crypto from 'node:crypto';
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

export async function selectRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `selectRows` as a named prepared statement, named after its text: PostgreSQL parses it once per
 * connection and, once a generic plan costs no more than the custom ones, stops planning it.
 * For the storefront's hot reads whose planning costs as much as their execution. The text must
 * have the same shape on every call (values are parameters in Drizzle's template: a query built
 * from options gets one statement per shape). PGlite runs it as any other statement.
 */
export async function selectPreparedRows<T>(db: Database, query: SQL): Promise<T[]> {
  // Drizzle prepares named statements only for its query builder; `execute` goes through the same
  // session call without a name.
  const compiled = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(compiled, undefined, statementName(compiled.sql), false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}

const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 1_000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `kl_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
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

/**
 * `nextval` of a serial column's sequence: an id drawn before its row is inserted. The sequence is
 * looked up once per statement (a scalar subquery): its name as text would be cast to a regclass,
 * a catalogue look-up, for every row drawn.
 */
export function nextIdOf(column: Column): SQL {
  return sql`nextval((select pg_get_serial_sequence(${getTableName(column.table)}, ${nameOf(column)})::regclass))`;
}
