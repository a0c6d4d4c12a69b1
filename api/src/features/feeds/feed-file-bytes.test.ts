import fs from 'node:fs';
import path from 'node:path';
import { createFeedTestApp, FIXTURES, type FeedTestContext } from '../../../test/feed-test-app';

/**
 * Files read as their bytes say (fixtures in api/test/fixtures/feeds/bytes/): the text encoding
 * from the byte order mark or the XML declaration (the feed's `encoding` parameter overrides
 * it), compression from the first bytes whatever the feed's setting, and a file that is no
 * feed of the importer's format failed with what it is instead of read as an empty feed.
 */
describe('feed runs: files read as their bytes say', () => {
  let t: FeedTestContext;
  let feeds = 0;
  beforeAll(async () => {
    t = await createFeedTestApp();
  });
  afterAll(() => t.close());

  /** Runs `fixture` through a new feed of `importer` with the given settings. */
  async function runFixture(fixture: string, feed: Record<string, unknown>) {
    const name = `bytes-${++feeds}`;
    // Each feed reads from its own store's folder of the feed storage.
    const stored = `${name}/${fixture}`;
    t.place(stored, fs.readFileSync(path.join(FIXTURES, 'bytes', fixture)));
    // A store of its own: the records of one fixture never match another run's offers.
    const [store] = await t.database.query<{ id: number }>(
      "insert into stores (name, slug, url) values ($1, $1, 'https://' || $1 || '.example') returning id", [name]);
    const created = await t.createFeed({ name, path: stored, ...feed }, store!.id);
    return t.run(created.id);
  }

  async function product(externalId: string) {
    const [row] = await t.database.query<{ name: string; brand: string | null; description: string | null }>(
      `select p.name, p.brand, p.description from products p join prices o on o.product_id = p.id
       where o.external_id = $1 order by o.id desc limit 1`,
      [externalId],
    );
    return row;
  }

  describe('XML: the encoding its declaration or byte order mark names', () => {
    it.each([
      ['tradetracker-iso-8859-1.xml', { name: 'Crème brûlée brander', brand: 'Müller', description: 'Voor crème brûlée à la française' }],
      ['tradetracker-windows-1252.xml', { name: 'Koffiefilter “Café”', brand: 'Königs', description: 'Nu € 5 korting – op=op' }],
      ['tradetracker-iso-8859-15.xml', { name: 'Œuvre kookboek', brand: 'Éditions', description: 'Prijs in €' }],
      ['tradetracker-utf-16.xml', { name: 'Crème fraîche kom', brand: 'Ĳsselmeer', description: 'Zeeuws – ĳzersterk' }],
    ])('%s', async (fixture, expected) => {
      const run = await runFixture(fixture, { importer: 'tradetracker' });
      expect(run).toMatchObject({ status: 'succeeded', offersCreated: 1, problems: [] });
      expect(await product('B-1')).toEqual(expected);
    });

    it('reads the encoding the feed names when the file says none', async () => {
      const run = await runFixture('tradetracker-latin1-undeclared.xml', { importer: 'tradetracker', parameters: { encoding: 'latin1' } });
      expect(run).toMatchObject({ status: 'succeeded', offersCreated: 1 });
      expect(await product('B-1')).toMatchObject({ name: 'Crème brûlée brander', brand: 'Müller' });
    });
  });

  describe('CSV', () => {
    it('honours and drops a UTF-8 byte order mark', async () => {
      const run = await runFixture('awin-utf-8-bom.csv', { importer: 'awin' });
      expect(run).toMatchObject({ status: 'succeeded', offersCreated: 2, problems: [] });
      expect(await product('C-2')).toMatchObject({ name: 'Koffiefilter “Café” – € 5', brand: 'Königs' });
    });

    it('reads a file that is not UTF-8 as Windows-1252 and notes it on the run', async () => {
      const run = await runFixture('awin-windows-1252.csv', { importer: 'awin' });
      expect(run).toMatchObject({
        status: 'succeeded',
        offersCreated: 2,
        problems: [{ reason: 'encoding-guessed', count: 1, examples: [{ position: 0, value: 'windows-1252' }] }],
      });
      expect(await product('C-1')).toMatchObject({ name: 'Crème brûlée brander', brand: 'Müller' });
      expect(await product('C-2')).toMatchObject({ name: 'Koffiefilter “Café” – € 5', brand: 'Königs' });
    });
  });

  describe('compression: from the first bytes, whatever the feed says', () => {
    it.each([
      ['awin.csv.gz', 'none', 'gzip'],
      ['awin.csv.zip', 'gzip', 'zip'],
    ])('%s on a feed saved as %s is read, with a note', async (fixture, setting, found) => {
      const run = await runFixture(fixture, { importer: 'awin', compression: setting });
      expect(run).toMatchObject({
        status: 'succeeded',
        offersCreated: 1,
        problems: [{ reason: 'compression-detected', count: 1, examples: [{ position: 0, value: found }] }],
      });
      expect(await product('Z-1')).toMatchObject({ name: 'Gecomprimeerd artikel' });
    });

    it('reads an uncompressed file on a feed saved as gzip, with a note', async () => {
      const run = await runFixture('awin-utf-8-bom.csv', { importer: 'awin', compression: 'gzip' });
      expect(run).toMatchObject({
        status: 'succeeded',
        offersCreated: 2,
        problems: [{ reason: 'compression-detected', count: 1, examples: [{ position: 0, value: 'none' }] }],
      });
    });

    it('refuses bzip2 with a reason', async () => {
      const run = await runFixture('awin.csv.bz2', { importer: 'awin' });
      expect(run).toMatchObject({
        status: 'failed',
        failureReason: 'The file is bzip2-compressed, which cannot be read: deliver it uncompressed, or gzip- or zip-compressed',
        offersCreated: 0,
      });
    });
  });

  describe('a file that is no feed fails with what it is, instead of being held as empty', () => {
    it.each([
      ['tradetracker', 'XML'],
      ['awin', 'CSV'],
    ])('an HTML error page on a %s feed', async (importer, format) => {
      const catalogue = () => t.database.query('select (select count(*) from products) as products, (select count(*) from prices) as offers');
      const before = await catalogue();
      const run = await runFixture('error-page.html', { importer });
      expect(run).toMatchObject({
        status: 'failed',
        failureReason: `The file is HTML, not ${format}: the store's server sent an error page`,
        heldReason: null,
      });
      expect(await catalogue()).toEqual(before);
    });

    it('a file compressed twice', async () => {
      const run = await runFixture('awin.csv.gz.gz', { importer: 'awin', compression: 'gzip' });
      expect(run).toMatchObject({ status: 'failed', failureReason: 'The file is gzip-compressed', heldReason: null });
    });

    it('holds a file that really has no records as an empty feed', async () => {
      t.place(`${t.storeSlug}/leeg.csv`, 'merchant_product_id,product_name,search_price,aw_deep_link\n');
      const created = await t.createFeed({ name: 'leeg', importer: 'awin', path: `${t.storeSlug}/leeg.csv` });
      expect(await t.run(created.id)).toMatchObject({ status: 'held', recordsRead: 0 });
    });
  });
});
