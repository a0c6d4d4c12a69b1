/**
 * Small helpers for the storefront's raw SQL (Drizzle's `sql` template): read rows the
 * same way on PGlite and node-postgres, and pass id lists as one array parameter
 * (Drizzle would expand a JS array into a list of parameters).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

export async function selectRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;
}

