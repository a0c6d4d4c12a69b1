import { sql, type SQL } from 'drizzle-orm';
import { openDatabase } from '/work/wt-import/api/src/db/client';
import { refreshPriceSummariesOf } from '/work/wt-import/api/src/features/offers/price-summary';
async function main() {
  const handle = await openDatabase({ databaseUrl: process.argv[2]!, maxConnections: 2 });
  const ids = sql.raw(process.argv[3] ?? 'select id from products where id % 10 = 0');
  await handle.db.transaction(async (tx) => {
    const explaining = { execute: async (q: SQL) => {
      const r = (await tx.execute(sql`explain (analyze, buffers, wal) ${q}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
      console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
      return r;
    } };
    const t0 = performance.now();
    await refreshPriceSummariesOf(explaining as never, ids);
    console.log('ms', Math.round(performance.now() - t0));
    tx.rollback();
  }).catch((e) => { if (!String(e).includes('Rollback')) throw e; });
  await handle.close();
}
main().catch((e) => { console.error(e); process.exit(1); });
