import { createFeedTestApp, EXISTING_EAN, type FeedTestContext } from '../../../test/feed-test-app';

interface OfferRow {
  external_id: string;
  amount: number;
  shipping: number;
  total: number;
  url: string;
  delivery_time: string | null;
  delivery_days: number | null;
  name: string;
  brand: string | null;
  gtin: string | null;
  alias: string | null;
  in_stock: boolean;
}

/** Each importer against its fixture: the offers, products, aliases and identifiers it yields. */
describe('importers', () => {
  let t: FeedTestContext;
  beforeAll(async () => {
    t = await createFeedTestApp();
  });
  afterAll(() => t.close());

  async function importFixture(importer: string, fixture: string, extra: Record<string, unknown> = {}) {
    const { gzip, ...feed } = extra;
    const relative = t.placeFixture(fixture, `winkel/${importer}/${fixture}${gzip ? '.gz' : ''}`, { gzip: Boolean(gzip) });
    const { id } = await t.createFeed({ name: fixture, importer, path: relative, ...feed });
    const run = await t.run(id);
    const offers = await t.database.query<OfferRow>(
      `select o.external_id, o.amount, o.shipping, o.total, o.url, o.delivery_time, o.delivery_days, o.in_stock, p.name, p.brand,
         (select value from product_identifiers i where i.product_id = p.id and i.type in ('EAN', 'GTIN') limit 1) as gtin,
         (select a.path from product_category_aliases pca join category_aliases a on a.id = pca.alias_id
           where pca.product_id = p.id order by a.id desc limit 1) as alias
       from prices o join products p on p.id = o.product_id where o.feed_id = $1 order by o.external_id`,
      [id],
    );
    return { run, offers };
  }

  it('tradetracker (v2): EAN and brand from properties, shipping, images deduplicated, HTML sanitised, USD rejected', async () => {
    const { run, offers } = await importFixture('tradetracker', 'tradetracker.xml');
    expect(run).toMatchObject({ status: 'succeeded', recordsRead: 4, offersCreated: 3, productsCreated: 2, recordsRejected: 1 });
    expect(run.errorSample).toEqual([{ position: 4, reason: 'Currency USD is not supported (EUR only)' }]);
    expect(offers.map((o) => [o.external_id, o.amount, o.shipping, o.total, o.gtin, o.alias])).toEqual([
      ['TT-1001', 7999, 495, 8494, EXISTING_EAN, 'Huishouden > Keuken > Koffiezetapparaten'],
      ['TT-1002', 3450, 0, 3450, '8710000000024', 'Huishouden > Keuken > Koffie'],
      ['TT-1003', 549, 0, 549, null, 'Huishouden > Keuken > Koffie'],
    ]);
    expect(offers[0]).toMatchObject({ name: 'Bestaand product', delivery_time: '1-2 werkdagen', delivery_days: 2 });
    expect(offers[0]!.url).toBe('https://tc.tradetracker.net/?c=1&m=2&a=3&u=https%3A%2F%2Fshop.example%2Fsenseo');
    const [bialetti] = await t.database.query<{ id: number; description: string; brand: string; slug: string }>(
      "select id, description, brand, slug from products where name like 'Bialetti%'",
    );
    expect(bialetti).toMatchObject({ brand: 'Bialetti', slug: 'bialetti-moka-express-6-kops', description: 'Het origineel uit Italië.' });
    const properties = await t.database.query('select name, value from product_properties where product_id = $1', [bialetti!.id]);
    expect(properties).toEqual([{ name: 'material', value: 'Aluminium' }]);
    // A new alias waits in 'Overig'; the new product follows it there.
    const categories = await t.database.query<{ slug: string }>(
      'select c.slug from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = $1',
      [bialetti!.id],
    );
    expect(categories).toEqual([{ slug: 'overig' }]);
  });

  it('tradetracker (v1 layout)', async () => {
    const { run, offers } = await importFixture('tradetracker', 'tradetracker-v1.xml');
    expect(run).toMatchObject({ status: 'succeeded', offersCreated: 1 });
    expect(offers[0]).toMatchObject({ external_id: 'TT1-1', total: 12900, brand: 'Tefal', gtin: '8710000000048', alias: 'Koken', delivery_days: 1 });
  });

  it('awin: CSV columns, out-of-stock kept and marked, missing price rejected', async () => {
    const { run, offers } = await importFixture('awin', 'awin.csv');
    // The catalog product already has this store's offer (from another feed): it is updated, not duplicated.
    expect(run).toMatchObject({ status: 'succeeded', recordsRead: 4, offersCreated: 2, offersUpdated: 1, recordsRejected: 1 });
    expect(offers.map((o) => [o.external_id, o.total, o.gtin, o.brand, o.alias, o.in_stock])).toEqual([
      ['AW-1', 29900, EXISTING_EAN, null, 'Audio > Koptelefoons', true],
      ['AW-2', 10490, '8710000000055', 'JBL', 'Audio > Speakers', true],
      ['AW-3', 27900, '8710000000062', 'Bose', 'Audio > Koptelefoons', false],
    ]);
    const images = await t.database.query<{ url: string; is_main: boolean }>(
      "select i.url, i.is_main from product_images i join products p on p.id = i.product_id where p.name = 'JBL Flip 6'",
    );
    expect(images).toEqual([{ url: 'https://awin.example/img/jbl.jpg', is_main: true }]);
  });

  it('daisycon: XML and CSV', async () => {
    const xml = await importFixture('daisycon', 'daisycon.xml');
    expect(xml.offers.map((o) => [o.external_id, o.total, o.gtin, o.brand, o.alias])).toEqual([
      ['DC-1', 16999, '8710000000086', 'LEGO', 'Speelgoed > Bouwen > LEGO'],
      ['DC-2', 9394, '8710000000093', 'Playmobil', 'Speelgoed > Poppenhuizen'],
    ]);
    const csv = await importFixture('daisycon', 'daisycon.csv');
    expect(csv.offers.map((o) => [o.external_id, o.amount, o.shipping, o.gtin, o.alias])).toEqual([
      ['DC-3', 1499, 295, '8710000000109', 'Speelgoed > Puzzels'],
    ]);
    const images = await t.database.query('select url from product_images i join products p on p.id = i.product_id where p.name like $1 order by i.id', ['Ravensburger%']);
    expect(images).toEqual([{ url: 'https://daisycon.example/img/puzzel.jpg' }, { url: 'https://daisycon.example/img/puzzel-2.jpg' }]);
  });

  it('bol: gzip, "|" delimiter, quoted fields, category columns, undeliverable kept out of stock', async () => {
    const { run, offers } = await importFixture('bol', 'bol.csv', { compression: 'gzip', gzip: true });
    expect(run).toMatchObject({ status: 'succeeded', offersCreated: 3, recordsRejected: 0 });
    expect(offers.map((o) => [o.external_id, o.total, o.gtin, o.alias, o.delivery_days, o.in_stock])).toEqual([
      ['9200000101', 32999, '8710000000116', 'Games > Consoles', 1, true],
      ['9200000102', 5298, '8710000000123', 'Games > Switch games', 3, true],
      ['9200000103', 5999, '8710000000130', 'Games > Switch games', 5, false],
    ]);
  });

  it('gameresource: platform and genre as the category path', async () => {
    const { offers } = await importFixture('gameresource', 'gameresource.xml');
    expect(offers.map((o) => [o.external_id, o.total, o.gtin, o.brand, o.alias])).toEqual([
      ['GR-1', 7198, '8710000000147', 'Electronic Arts', 'Games > PlayStation 5 > Sport'],
      ['GR-2', 5999, '8710000000154', 'Sony', 'Games > PlayStation 5 > Platform'],
    ]);
  });

  it('koopjesland (Google Merchant Center): RSS, Atom and tab-separated', async () => {
    const rss = await importFixture('koopjesland', 'koopjesland.xml');
    expect(rss.run).toMatchObject({ offersCreated: 2, recordsRejected: 0 });
    expect(rss.offers.map((o) => [o.external_id, o.total, o.gtin, o.in_stock])).toEqual([
      ['KL-1', 64900, '8710000000161', true],
      ['KL-2', 59900, '8710000000178', false],
    ]);
    expect(rss.offers[0]).toMatchObject({ brand: 'Dyson', alias: 'Huishouden > Stofzuigers' });
    const atom = await importFixture('koopjesland', 'koopjesland-atom.xml');
    expect(atom.offers.map((o) => [o.external_id, o.total, o.gtin])).toEqual([['KL-3', 29900, '8710000000185']]);
    const tsv = await importFixture('koopjesland', 'koopjesland.tsv');
    expect(tsv.offers.map((o) => [o.external_id, o.amount, o.shipping, o.alias])).toEqual([['KL-4', 1500, 495, 'Wonen > Verlichting']]);
  });

  it('koopjesland (Google Merchant Center) as Google means it: NL shipping, sale prices only in their period, descriptions as text', async () => {
    const { run, offers } = await importFixture('koopjesland', 'google-merchant.xml');
    expect(run).toMatchObject({ status: 'succeeded', offersCreated: 5 });
    expect(offers.map((o) => [o.external_id, o.amount, o.shipping, o.total])).toEqual([
      // One <g:shipping> per country (Belgium first): the Netherlands' entry, not the first.
      ['GM-1', 10000, 495, 10495],
      // The sale ended in January 2020: the regular price.
      ['GM-2', 12900, 0, 12900],
      // The sale runs until 2099: the sale price.
      ['GM-3', 9900, 0, 9900],
      // The sale starts in 2099: the regular price.
      ['GM-4', 39900, 0, 39900],
      // No Dutch entry: the feed's default (no country), not Germany's.
      ['GM-5', 54900, 395, 55295],
    ]);
    const described = await t.database.query<{ name: string; description: string }>(
      "select name, description from products where name in ('AEG wasmachine 8 kg', 'Bosch Serie 4 vaatwasser') order by name",
    );
    expect(described).toEqual([
      { name: 'AEG wasmachine 8 kg', description: 'Stille wasmachine & droger in één\n8 kg\n1400 toeren' },
      { name: 'Bosch Serie 4 vaatwasser', description: 'Vaatwasser met 13 couverts' },
    ]);
    // The regular price is the "from" price only while the sale runs (the Tefal set), and it is kept
    // only when the store charged it in the last 30 days: a new offer has no such history, so it is
    // dropped and counted among the run's problems (docs/product.md "Honest deals").
    expect(run.problems).toEqual([{ reason: 'unverified-from-price', count: 1, examples: [{ position: 3, value: '149.00' }] }]);
    const fromPrices = await t.database.query<{ count: number }>(
      "select count(*)::int as count from prices where from_amount is not null or id in (select o.id from prices o join product_properties pp on pp.product_id = o.product_id where pp.name = 'Van-prijs')",
    );
    expect(fromPrices).toEqual([{ count: 0 }]);
  });

  it('tradedoubler: JSON and XML, shipping from fields', async () => {
    const json = await importFixture('tradedoubler', 'tradedoubler.json');
    expect(json.offers.map((o) => [o.external_id, o.amount, o.shipping, o.gtin, o.alias])).toEqual([
      ['TD-1', 79900, 0, '8710000000208', 'Telefonie > Smartphones'],
      ['TD-2', 24900, 395, '8710000000215', 'Audio'],
    ]);
    const xml = await importFixture('tradedoubler', 'tradedoubler.xml');
    expect(xml.offers.map((o) => [o.external_id, o.total, o.gtin, o.alias, o.delivery_days])).toEqual([
      ['TD-3', 90400, '8710000000222', 'Telefonie > Smartphones', 4],
    ]);
  });

  it('rejects records without a match when the feed does not create products, and honours a field map', async () => {
    t.place(
      'ander/mapped.csv',
      [
        'merchant_product_id;titel;search_price;ean;aw_deep_link',
        `M-1;Bekend;5,00;${EXISTING_EAN};https://a.example/1`,
        'M-2;Onbekend;6,00;8710000000239;https://a.example/2',
        'M-3;;7,00;;https://a.example/3',
      ].join('\n'),
    );
    const [other] = await t.database.query<{ id: number }>(
      "insert into stores (name, slug, url) values ('Ander', 'ander', 'https://ander.example') returning id",
    );
    const { id } = await t.createFeed(
      { name: 'mapped', importer: 'awin', path: 'ander/mapped.csv', allowCreateProducts: false, parameters: { fieldMap: { name: 'titel' }, maxInvalidRatio: 0.5 } },
      other!.id,
    );
    const run = await t.run(id);
    expect(run).toMatchObject({ status: 'succeeded', offersCreated: 1, productsCreated: 0, recordsRejected: 2 });
    expect(run.errorSample).toEqual([
      { position: 4, reason: 'Missing product name' },
      { position: 3, reason: expect.stringMatching(/does not create products/) },
    ]);
    const offers = await t.database.query('select product_id, total from prices where feed_id = $1', [id]);
    expect(offers).toEqual([{ product_id: t.existingProductId, total: 500 }]);
  });
});
