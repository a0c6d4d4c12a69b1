import { countStagedRows, createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';

/**
 * The apply step's plans must stay linear in the run's size whatever the planner's statistics
 * say. A database copied with `CREATE DATABASE … TEMPLATE` (the test harness's, `npm run
 * bench:load`'s) keeps its template's statistics while its activity counters start at zero: the
 * first test imports into tables never analysed, the second into tables whose statistics describe
 * the catalogue before the feed (analysed once, as a seeded catalogue is), which know nothing of
 * the new feed's offers. The third turns a plan gone wrong into a failed run. PostgreSQL only:
 * statement_timeout and these plans are the server's.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const RECORDS = 50_000;
/** Half the feed offers products the catalogue already has (matched by EAN), half new ones. */
const CATALOGUE = RECORDS / 2;

/** A valid EAN-13 for `n`, clear of the harness's one catalogue product. */
function ean(n: number): string {
  const body = `872${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 1 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

(onPostgres ? describe : describe.skip)('feed runs: a large first feed into a database that was never analysed', () => {
  let t: FeedTestContext;
  beforeAll(async () => {
    t = await createFeedTestApp();
    // The catalogue the feed matches, with another store's offers: written in bulk, never analysed.
    await t.database.query(
      `with made as (
         insert into products (name, slug)
         select 'Catalogus ' || n, 'catalogus-' || n from unnest($1::int[]) as n
         returning id, name)
       insert into product_identifiers (product_id, type, value)
       select m.id, 'EAN', e.value from made m
       join unnest($1::int[], $2::text[]) as e(n, value) on m.name = 'Catalogus ' || e.n`,
      [Array.from({ length: CATALOGUE }, (_, i) => i + 1), Array.from({ length: CATALOGUE }, (_, i) => ean(i + 1))],
    );
    // Other stores that offer the whole catalogue (their offers are written by the second test).
    await t.database.query(
      "insert into stores (name, slug, url) select 'Ander ' || n, 'ander-' || n, 'https://ander-' || n || '.example' from generate_series(1, 12) n");
  }, 120_000);
  afterAll(() => t.close());

  /** A new store's Awin feed of RECORDS records: the first half offers catalogue products, the rest new ones. */
  async function importNewStore(slug: string) {
    const lines = ['merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category,merchant_image_url'];
    for (let n = 1; n <= RECORDS; n++) {
      const matched = n <= CATALOGUE;
      lines.push(
        `R${n},Artikel ${slug} ${n},${(9 + (n % 900)).toFixed(2)},${n % 3 ? '3.95' : '0.00'},${matched ? ean(n) : ''},` +
          `https://${slug}.example/p/${n},${slug} > ${n % 50},${matched ? '' : `https://${slug}.example/i/${n}.jpg`}`,
      );
    }
    t.place(`${slug}/feed.csv`, lines.join('\n'));
    const [store] = await t.database.query<{ id: number }>(
      "insert into stores (name, slug, url) values ($1, $1, 'https://' || $1 || '.example') returning id", [slug]);
    const feed = await t.createFeed({ name: slug, importer: 'awin', path: `${slug}/feed.csv` }, store!.id);
    const run = await t.run(feed.id);
    const [offers] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from prices where store_id = $1 and valid_to is null', [store!.id]);
    return { run, offers: offers!.n };
  }
  const succeeded = {
    status: 'succeeded',
    failureReason: null,
    recordsRead: RECORDS,
    offersCreated: RECORDS,
    productsCreated: RECORDS - CATALOGUE,
    productsMatched: CATALOGUE,
    offersExpired: 0,
  };

  it('imports 50,000 records for a new store into tables that were never analysed', async () => {
    const { run, offers } = await importNewStore('groot');
    expect(run).toMatchObject(succeeded);
    expect(offers).toBe(RECORDS);
  }, 600_000);

  it('imports 50,000 records for a new store when the statistics describe the catalogue before it', async () => {
    // A seeded catalogue is analysed once (npm run bench:api's seed) and copied with its
    // statistics: they know the other stores' offers and nothing of the feed being imported.
    await t.database.query(
      `insert into prices (product_id, store_id, amount, total, url)
       select p.id, s.id, 1000, 1000, 'https://' || s.slug || '.example/' || p.id
       from products p cross join (select id, slug from stores where slug like 'ander%') s
       where p.slug like 'catalogus-%'`);
    await t.database.query('analyze');
    const { run, offers } = await importNewStore('nieuw');
    expect(run).toMatchObject(succeeded);
    expect(offers).toBe(RECORDS);
  }, 600_000);
});

(onPostgres ? describe : describe.skip)('feed runs: the apply step under a statement timeout', () => {
  let t: FeedTestContext;
  beforeAll(async () => {
    // A timeout no real statement can meet: every plan counts as gone wrong.
    t = await createFeedTestApp({ feedApplyStatementTimeoutMs: 1 });
  });
  afterAll(() => t.close());

  it('fails the run with a reason instead of hanging, and leaves the catalogue as it was', async () => {
    const lines = ['merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category'];
    for (let n = 1; n <= 20_000; n++) lines.push(`T${n},Traag ${n},12.50,0.00,,https://traag.example/p/${n},Traag`);
    t.place(`${t.storeSlug}/traag.csv`, lines.join('\n'));
    const feed = await t.createFeed({ name: 'traag', importer: 'awin', path: `${t.storeSlug}/traag.csv` });
    const before = await t.snapshot();

    const run = await t.run(feed.id);
    expect(run).toMatchObject({
      status: 'failed',
      failureReason: 'Applying the run stopped: one step took longer than 0.001 s. Nothing was changed',
      recordsRead: 20_000,
    });
    expect(await t.snapshot()).toBe(before);
    expect(await countStagedRows(t.database)).toBe(0);
  }, 300_000);
});
