/**
 * Where an uncached API call's database time goes: builds the API in this process on the bench
 * database (PostgreSQL, koopjesland_bench, seeded by bench:api), records every statement each
 * call sends through node-postgres, and prints per call the statements (in the order sent, with
 * how many of them) and for each its planning and execution time from EXPLAIN ANALYZE, run
 * again on the same values with the call's caches warm (the median of three).
 *
 *   npx tsx scripts/bench/api-statements.ts
 *   npx tsx scripts/bench/api-statements.ts --url '/api/products/123' --url '/api/products?search=samsung%20tv'
 *
 * A named prepared statement is planned once per connection and then reused while a generic plan
 * costs no more than a custom one: its planning time below is what preparing it saves.
 */
import { median } from './statistics';
import crypto from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { openDatabase } from '../../api/src/db/client';
import { ensurePostgresDatabase } from './bench-database';

interface Sent {
  text: string;
  values: unknown[];
  prepared: boolean;
}

let recording: Sent[] | undefined;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function recorded(this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  if (recording && first && (typeof first === 'string' || typeof first === 'object')) {
    const config = typeof first === 'string' ? { text: first } : (first as { text?: string; name?: string; values?: unknown[] });
    if (config.text) recording.push({ text: config.text, values: (Array.isArray(second) ? second : config.values) ?? [], prepared: Boolean(config.name) });
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const urls = process.argv.flatMap((arg, index) => (process.argv[index - 1] === '--url' ? [arg] : []));


async function main() {
  const databaseUrl = await ensurePostgresDatabase();
  const database = await openDatabase({ databaseUrl });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const [{ id: productId }] = (await pool.query<{ id: number }>('select id from products order by random() limit 1')).rows as [{ id: number }];
  const [{ slug }] = (
    await pool.query<{ slug: string }>(
      'select c.slug from categories c join product_categories pc on pc.category_id = c.id group by c.slug order by count(*) desc limit 1',
    )
  ).rows as [{ slug: string }];
  const calls = urls.length
    ? urls
    : [
        `/api/products/${productId}`,
        `/api/categories/page/${slug}?page=3&limit=21&uncached=${crypto.randomUUID()}`,
        `/api/categories/page/${slug}?page=2&limit=21&sortBy=lowestPrice.total&sortOrder=asc&uncached=${crypto.randomUUID()}`,
        `/api/products?search=${encodeURIComponent('garmin smartwacth')}&limit=21&uncached=${crypto.randomUUID()}`,
        `/api/products?search=${encodeURIComponent('airfryer ey-651')}&limit=21&uncached=${crypto.randomUUID()}`,
      ];
  const app = await buildApp({
    config: loadConfig({ jwtSecret: crypto.randomBytes(32).toString('hex'), runScheduler: false, databaseUrl }),
    database,
  });
  await app.ready();
  // Warm what a running server has at hand (the catalogue's words, the category's head, connections),
  // not the calls' own lists: a never-seen search or sort pays for its ranking.
  for (const url of [`/api/categories/page/${slug}?limit=1&uncached=warm`, '/api/products?search=warm&limit=1', `/api/products/${productId}`])
    await app.inject({ method: 'GET', url });
  for (const url of calls) {
    recording = [];
    const response = await app.inject({ method: 'GET', url });
    const sent = recording;
    recording = undefined;
    console.log(`\n${url}  →  ${response.statusCode}, ${sent.length} statements`);
    for (const statement of sent) {
      const planning: number[] = [];
      const execution: number[] = [];
      for (let run = 0; run < 3; run++) {
        const { rows } = await pool.query<{ 'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }] }>(
          `explain (analyze, format json) ${statement.text}`,
          statement.values,
        );
        planning.push(rows[0]!['QUERY PLAN'][0]['Planning Time']);
        execution.push(rows[0]!['QUERY PLAN'][0]['Execution Time']);
      }
      const text = statement.text.replace(/\s+/g, ' ').trim();
      console.log(
        `  planning ${median(planning).toFixed(2).padStart(7)} ms  execution ${median(execution).toFixed(2).padStart(7)} ms  ${statement.prepared ? 'prepared ' : ''}${text.length > 110 ? `${text.slice(0, 110)}…` : text}`,
      );
    }
  }
  await app.close();
  await pool.end();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
