/**
 * Two stores' feeds imported at once: a run whose apply transaction is still going never holds
 * up another store's run (each run stages into tables of its own, db/run-staging.ts). PostgreSQL
 * only: PGlite is one connection, its runs take turns by construction.
 */
import { sql } from 'drizzle-orm';
import { countStagedRows, createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';
import { stores } from '../../db/schema';
import { findRun } from './repository';
import { whenRunFinished } from './runner';

const onPostgres = Boolean(process.env.DATABASE_URL);
/** Enough records for the apply step to analyse its staged rows inside its transaction. */
const RECORDS = 1_200;

const feedFile = (prefix: string, category: string) =>
  [
    'merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category',
    ...Array.from({ length: RECORDS }, (_, i) => `${prefix}${i},Product ${prefix}${i},${i + 1}.00,0.00,,https://awin.example/${prefix}${i},${category}`),
  ].join('\n');

(onPostgres ? describe : describe.skip)('two stores\' feed runs at the same time', () => {
  let t: FeedTestContext;
  beforeAll(async () => {
    t = await createFeedTestApp({ importConcurrency: 2 });
  }, 60_000);
  afterAll(() => t.close());

  it('completes a run while another store\'s run is in the middle of its apply transaction, and then that one too', async () => {
    const [other] = await t.app.db.insert(stores).values({ name: 'Andere winkel', slug: 'andere-winkel', url: 'https://andere.example' }).returning();
    t.place('winkel/eerste.csv', feedFile('E', 'Blok > Eerste'));
    t.place('andere-winkel/tweede.csv', feedFile('T', 'Vrij > Tweede'));
    const first = await t.createFeed({ name: 'eerste', importer: 'awin', path: 'winkel/eerste.csv' });
    const second = await t.createFeed({ name: 'tweede', importer: 'awin', path: 'andere-winkel/tweede.csv' }, other!.id);

    // An uncommitted category alias with the first feed's path: the first run's apply transaction
    // waits on it after it has staged, matched and analysed its records and created its products.
    const blocker = await t.database.dedicated!();
    try {
      await blocker.db.execute(sql`begin`);
      await blocker.db.execute(sql`insert into category_aliases (path) values ('Blok > Eerste')`);
      const started = await t.app.inject({ method: 'POST', url: `/api/store-feeds/${first.id}/run`, headers: t.auth });
      const firstRunId: number = started.json().id;
      for (;;) {
        const [waiting] = await t.database.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and query like '%category_aliases%'`,
        );
        if (waiting!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const secondRun = await t.run(second.id);
      expect(secondRun).toMatchObject({ status: 'succeeded', offersCreated: RECORDS, productsCreated: RECORDS });
      const [secondOffers] = await t.database.query<{ n: number; total: number }>(
        'select count(*)::int as n, sum(total)::int as total from prices where feed_id = $1 and valid_to is null',
        [second.id],
      );
      expect(secondOffers).toEqual({ n: RECORDS, total: (RECORDS * (RECORDS + 1) * 100) / 2 });

      await blocker.db.execute(sql`rollback`);
      const firstRun = (await whenRunFinished(firstRunId)) ?? (await findRun(t.app.db, firstRunId));
      expect(firstRun).toMatchObject({ status: 'succeeded', offersCreated: RECORDS, productsCreated: RECORDS });
    } finally {
      await blocker.db.execute(sql`rollback`).catch(() => undefined);
      blocker.release();
    }
    const [firstOffers] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from prices where feed_id = $1 and valid_to is null',
      [first.id],
    );
    expect(firstOffers!.n).toBe(RECORDS);
    expect(await countStagedRows(t.database)).toBe(0);
  }, 120_000);
});
