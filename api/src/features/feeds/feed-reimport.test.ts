import { countStagedRows, createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';
import { dropRunStaging, indexRunStaging, runStagingNames } from '../../db/run-staging';
import { CarriedOffers, externalIdKey } from './carried-offers';
import { openStaging } from './repository';

/**
 * A re-import touches only what changed: each offer keeps the fingerprint of the record it was
 * written from, and a run carries a record that comes again unchanged without staging, matching
 * or writing it; new and changed records go the full way.
 */
const header =
  'merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category,in_stock';
const record = (id: string, price: string, options: { url?: string; stock?: '0' | '1'; name?: string } = {}) =>
  `${id},${options.name ?? `Opnieuw ${id}`},${price},0.00,,${options.url ?? `https://awin.example/${id}`},Opnieuw,${options.stock ?? '1'}`;

interface StoredOffer {
  external_id: string;
  id: number;
  version: string;
  updated_at: string;
  total: number;
  url: string;
  in_stock: boolean;
  valid_to: string | null;
}

describe('feed re-imports: only what changed is written', () => {
  let t: FeedTestContext;
  beforeAll(async () => {
    t = await createFeedTestApp();
  });
  afterAll(() => t.close());

  let feedNumber = 0;
  /** A feed of its own per test, whose file each `importing` call replaces. */
  const newFeed = async () => {
    const file = `${t.storeSlug}/opnieuw-${++feedNumber}/feed.csv`;
    const feed = await t.createFeed({ name: `opnieuw ${feedNumber}`, importer: 'awin', path: file });
    const importing = async (...records: string[]) => {
      t.place(file, [header, ...records].join('\n'));
      const run = await t.run(feed.id);
      expect([run.status, run.failureReason]).toEqual(['succeeded', null]);
      return run;
    };
    const stored = async () =>
      Object.fromEntries(
        (
          await t.database.query<StoredOffer>(
            `select external_id, id, xmin::text as version, to_json(updated_at)#>>'{}' as updated_at, total, url, in_stock,
               to_json(valid_to)#>>'{}' as valid_to
             from prices where feed_id = $1`,
            [feed.id],
          )
        ).map((offer) => [offer.external_id, offer]),
      );
    return { feed, importing, stored };
  };
  const historyOf = async (priceId: number) =>
    (
      await t.database.query<{ total: number }>('select total from price_history where price_id = $1 order by id', [
        priceId,
      ])
    ).map((entry) => entry.total);
  const leftStaged = () => countStagedRows(t.database);

  it('carries unchanged records without writing their offers', async () => {
    const { importing, stored } = await newFeed();
    const records = [record('U1', '10.00'), record('U2', '20.00'), record('U3', '30.00')];
    expect(await importing(...records)).toMatchObject({ offersCreated: 3, offersUpdated: 0, offersUnchanged: 0 });
    const before = await stored();

    const again = await importing(...records);
    expect(again).toMatchObject({
      offersCreated: 0,
      offersUpdated: 0,
      offersUnchanged: 3,
      offersExpired: 0,
      productsMatched: 3,
    });
    // Not one offer row was written: the same row versions, the same update times, all current.
    expect(await stored()).toEqual(before);
    expect(Object.values(before).every((offer) => offer.valid_to === null)).toBe(true);
    expect(await leftStaged()).toBe(0);
    // The diff of the run lists nothing.
    const diff = await t.app.inject({
      method: 'GET',
      url: `/api/feed-runs/${again.id}/diff?kind=changed`,
      headers: t.auth,
    });
    expect(diff.json().summary).toEqual({ newOffers: 0, removedOffers: 0, priceChanges: 0 });
  });

  it('lists the records it carries instead of staging them: a held re-import keeps both for Apply anyway', async () => {
    const { feed, importing, stored } = await newFeed();
    await importing(
      record('K1', '10.00'),
      record('K2', '20.00'),
      record('K3', '30.00'),
      record('K4', '40.00'),
      record('K5', '50.00'),
    );
    const before = await stored();

    // Three of five offers would expire: the collapse guard holds the run with what it read.
    t.place(
      `${t.storeSlug}/opnieuw-${feedNumber}/feed.csv`,
      [header, record('K1', '10.00'), record('K2', '21.00')].join('\n'),
    );
    const held = await t.run(feed.id);
    expect(held).toMatchObject({ status: 'held', offersUnchanged: 1, offersUpdated: 1, offersExpired: 3 });
    const heldTables = runStagingNames(held.id);
    const staged = await t.database.query<{ table: string; external_id: string | null }>(
      `select 'staged' as table, external_id from "${heldTables.staged}"
       union all select 'carried', p.external_id from "${heldTables.carried}" u join prices p on p.id = u.offer_id
       order by 1, 2`,
    );
    expect(staged).toEqual([
      { table: 'carried', external_id: 'K1' },
      { table: 'staged', external_id: 'K2' },
    ]);
    expect(await stored()).toEqual(before);

    const applied = await t.app.inject({ method: 'POST', url: `/api/feed-runs/${held.id}/apply`, headers: t.auth });
    expect(applied.json()).toMatchObject({
      status: 'succeeded',
      offersUnchanged: 1,
      offersUpdated: 1,
      offersExpired: 3,
    });
    const after = await stored();
    expect(after.K1).toEqual(before.K1);
    expect(after.K2!.total).toBe(2100);
    expect([after.K3!.valid_to, after.K4!.valid_to, after.K5!.valid_to].every((at) => at !== null)).toBe(true);
    expect(await leftStaged()).toBe(0);
  });

  it('applies a changed price and records it in the price history; the others stay as they were', async () => {
    const { importing, stored } = await newFeed();
    await importing(record('P1', '10.00'), record('P2', '20.00'), record('P3', '30.00'));
    const before = await stored();

    const run = await importing(record('P1', '10.00'), record('P2', '18.50'), record('P3', '30.00'));
    expect(run).toMatchObject({ offersCreated: 0, offersUpdated: 1, offersUnchanged: 2 });
    const after = await stored();
    expect(after.P2!.total).toBe(1850);
    expect(after.P2!.version).not.toBe(before.P2!.version);
    expect(await historyOf(after.P2!.id)).toEqual([2000, 1850]);
    expect(after.P1).toEqual(before.P1);
    expect(after.P3).toEqual(before.P3);
    const diff = await t.app.inject({
      method: 'GET',
      url: `/api/feed-runs/${run.id}/diff?kind=changed`,
      headers: t.auth,
    });
    expect(diff.json().changes).toMatchObject([{ priceId: after.P2!.id, oldTotal: 2000, newTotal: 1850 }]);
    // The product page shows the new price.
    const [offer] = await t.database.query<{ product_id: number }>('select product_id from prices where id = $1', [
      after.P2!.id,
    ]);
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${offer!.product_id}` });
    expect(page.json().prices.map((price: { total: number }) => price.total)).toEqual([1850]);
  });

  it('lists the carried records in slices while the file is read (each once, none lost at the end) and stages without indexes', async () => {
    const runId = 990_001;
    const carried = new CarriedOffers();
    const records = 45_000;
    for (let n = 1; n <= records; n++) carried.add(externalIdKey(`L${n}`), n, 500_000 + n, n, 1_000_000 + n);
    const staging = await openStaging(t.database, runId);
    for (let n = 1; n <= records; n++) {
      expect(carried.carryRecord(1_000_000 + n, n + 1)).toBe(true);
      if (n % 500 === 0) await staging.listCarried(carried);
    }
    await staging.finish(carried);
    const { carried: table } = runStagingNames(runId);
    const [listed] = await t.database.query<{ rows: number; positions: number; offers: number; first: number; last: number }>(
      `select count(*)::int as rows, count(distinct position)::int as positions, count(distinct offer_id)::int as offers,
         min(position) as first, max(position) as last
       from ${table} where product_id = offer_id + 500000`);
    expect(listed).toEqual({ rows: records, positions: records, offers: records, first: 2, last: records + 1 });
    // The staged records get their indexes from the apply step, once their offers are known.
    const { staged } = runStagingNames(runId);
    const indexes = async () =>
      (await t.database.query<{ def: string }>('select indexdef as def from pg_indexes where tablename = $1 order by 1', [staged]))
        .map((index) => index.def.replace(/^.* USING btree /, ''));
    expect(await indexes()).toEqual([]);
    await indexRunStaging(t.database.db, runId);
    await indexRunStaging(t.database.db, runId);
    expect(await indexes()).toEqual(['(run_id, offer_id)', '(run_id, product_id)']);
    await dropRunStaging(t.database.db, [runId]);
  });

  it("writes a changed price in place: no index of the offers names a column the change writes", async () => {
    // Such an update is heap-only: it adds no entry to any of the offers' indexes (their keys and
    // partial-index conditions). valid_to stays null and feed_id, external_id keep their values.
    const written = ['amount', 'shipping', 'total', 'url', 'delivery_time', 'delivery_days', 'in_stock', 'fingerprint',
      'record_hash', 'price_change', 'percentage_change', 'valid_from', 'last_seen', 'updated_at'];
    const indexes = await t.database.query<{ name: string; key_columns: string[]; predicate: string | null }>(
      `select c.relname as name,
         array(select a.attname::text from pg_attribute a where a.attrelid = i.indrelid and a.attnum = any(i.indkey)) as key_columns,
         pg_get_expr(i.indpred, i.indrelid) as predicate
       from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = 'prices'::regclass`);
    expect(indexes.map((index) => index.name)).toContain('prices_current_by_product_idx');
    for (const index of indexes) {
      const named = [...index.key_columns, ...written.filter((column) => new RegExp(`\\b${column}\\b`).test(index.predicate ?? ''))];
      expect({ index: index.name, written: named.filter((column) => written.includes(column)) }).toEqual({ index: index.name, written: [] });
    }
  });

  it('applies a record changed only in its stock or its link, without a price history entry', async () => {
    const { importing, stored } = await newFeed();
    await importing(record('S1', '10.00'), record('S2', '20.00'), record('S3', '30.00'));
    const before = await stored();

    const run = await importing(
      record('S1', '10.00', { stock: '0' }),
      record('S2', '20.00', { url: 'https://awin.example/S2-nieuw' }),
      record('S3', '30.00'),
    );
    expect(run).toMatchObject({ offersUpdated: 2, offersUnchanged: 1 });
    const after = await stored();
    expect(after.S1).toMatchObject({ in_stock: false, total: 1000 });
    expect(after.S2).toMatchObject({ url: 'https://awin.example/S2-nieuw', total: 2000 });
    expect(after.S3).toEqual(before.S3);
    expect(await historyOf(after.S1!.id)).toEqual([1000]);
    expect(await historyOf(after.S2!.id)).toEqual([2000]);

    // And the next run carries them as they are now.
    expect(
      await importing(
        record('S1', '10.00', { stock: '0' }),
        record('S2', '20.00', { url: 'https://awin.example/S2-nieuw' }),
        record('S3', '30.00'),
      ),
    ).toMatchObject({ offersUpdated: 0, offersUnchanged: 3 });
  });

  it('expires the offers missing from a re-import while it carries the rest', async () => {
    const { importing, stored } = await newFeed();
    await importing(record('E1', '10.00'), record('E2', '20.00'), record('E3', '30.00'));
    const before = await stored();

    expect(await importing(record('E1', '10.00'), record('E2', '20.00'))).toMatchObject({
      offersUnchanged: 2,
      offersExpired: 1,
    });
    const after = await stored();
    expect(after.E3!.valid_to).not.toBeNull();
    expect(after.E1).toEqual(before.E1);
    // Back in the file, it is applied the full way (it was not current) and current again.
    expect(await importing(record('E1', '10.00'), record('E2', '20.00'), record('E3', '30.00'))).toMatchObject({
      offersUpdated: 1,
      offersUnchanged: 2,
    });
    expect((await stored()).E3!.valid_to).toBeNull();
  });

  it("applies an unchanged record again when someone else changed its offer (the feed's price returns)", async () => {
    const { importing, stored } = await newFeed();
    await importing(record('H1', '10.00'), record('H2', '20.00'));
    const before = await stored();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/prices/${before.H1!.id}`,
      headers: t.auth,
      payload: { amount: 500 },
    });
    expect(edit.statusCode).toBe(200);
    expect((await stored()).H1!.total).toBe(500);

    expect(await importing(record('H1', '10.00'), record('H2', '20.00'))).toMatchObject({
      offersUpdated: 1,
      offersUnchanged: 1,
    });
    expect((await stored()).H1!.total).toBe(1000);
    // Applied, its record is carried again from then on.
    expect(await importing(record('H1', '10.00'), record('H2', '20.00'))).toMatchObject({
      offersUpdated: 0,
      offersUnchanged: 2,
    });
  });

  it('carries a record by its text, and by its fingerprint when only a column no offer field comes from changed', async () => {
    const { feed, stored } = await newFeed();
    const file = `${t.storeSlug}/opnieuw-${feedNumber}/feed.csv`;
    const withStamp = (stamps: [string, string]) =>
      [`${header},last_updated`, `${record('T1', '10.00')},${stamps[0]}`, `${record('T2', '20.00')},${stamps[1]}`].join('\n');
    const hashes = async () =>
      Object.fromEntries(
        (
          await t.database.query<{ external_id: string; record_hash: string | null }>(
            'select external_id, record_hash::text from prices where feed_id = $1',
            [feed.id],
          )
        ).map((offer) => [offer.external_id, offer.record_hash]),
      );
    const run = async (text: string) => {
      t.place(file, text);
      return t.run(feed.id);
    };
    expect(await run(withStamp(['1', '1']))).toMatchObject({ status: 'succeeded', offersCreated: 2 });
    const first = await hashes();
    expect(first.T1).not.toBeNull();
    expect(first.T2).not.toBe(first.T1);
    const before = await stored();

    // T1's export stamp changed: not its text, but its fingerprint is its offer's. Neither offer is written.
    expect(await run(withStamp(['2', '1']))).toMatchObject({ status: 'succeeded', offersUpdated: 0, offersUnchanged: 2 });
    expect(await stored()).toEqual(before);
    expect(await hashes()).toEqual(first);

    // An offer written before record hashes existed gets its record's from the next run that carries it.
    await t.database.query('update prices set record_hash = null where feed_id = $1', [feed.id]);
    expect(await run(withStamp(['2', '1']))).toMatchObject({ status: 'succeeded', offersUpdated: 0, offersUnchanged: 2 });
    const kept = await hashes();
    expect(kept.T2).toBe(first.T2);
    expect(kept.T1).not.toBeNull();
    expect(kept.T1).not.toBe(first.T1);
    const after = await stored();
    expect(after.T1!.total).toBe(before.T1!.total);
    expect(after.T1!.updated_at).toBe(before.T1!.updated_at);
  });

  it('keeps the first of two records for one offer when the first is carried unchanged', async () => {
    const { importing, stored } = await newFeed();
    await importing(record('D1', '10.00'), record('D2', '20.00'));
    const before = await stored();

    const run = await importing(record('D1', '10.00'), record('D2', '20.00'), record('D1', '12.00'));
    expect(run).toMatchObject({ offersUpdated: 0, offersUnchanged: 2, recordsRejected: 1 });
    expect(run.problems).toMatchObject([{ reason: 'duplicate-product', count: 1, examples: [{ value: 'D1' }] }]);
    expect(await stored()).toEqual(before);
    expect(await leftStaged()).toBe(0);
  });
});
