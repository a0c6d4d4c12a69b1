import fs from 'node:fs';
import path from 'node:path';
import { whenRunFinished } from './runner';
import { countStagedRows, createFeedTestApp, FIXTURES, makeZip, type FeedTestContext } from '../../../test/feed-test-app';

/** Each broken file must end its run as failed, with a clear reason, leaving the catalog as it was. */
describe('feed runs are atomic and safe', () => {
  let t: FeedTestContext;
  let baseline: string;
  beforeAll(async () => {
    t = await createFeedTestApp();
    // A first good run so there are offers a broken run could wrongly expire or change.
    t.placeFixture('tradetracker.xml');
    const feed = await t.createFeed({ name: 'tt', importer: 'tradetracker', path: 'winkel/tradetracker.xml' });
    expect((await t.run(feed.id)).status).toBe('succeeded');
    baseline = await t.snapshot();
  });
  afterAll(() => t.close());

  const goodXml = fs.readFileSync(path.join(FIXTURES, 'tradetracker.xml'), 'utf8');
  const goodCsv = fs.readFileSync(path.join(FIXTURES, 'awin.csv'), 'utf8');

  async function expectFailure(
    file: string,
    content: Buffer | string,
    feed: Record<string, unknown>,
    reason: RegExp,
  ) {
    t.place(`winkel/${file}`, content);
    const { id } = await t.createFeed({ name: file, path: `winkel/${file}`, ...feed });
    const run = await t.run(id);
    expect(run.status).toBe('failed');
    expect(run.failureReason).toMatch(reason);
    expect(await t.snapshot()).toBe(baseline);
    expect(await countStagedRows(t.database)).toBe(0);
  }

  it('fails on truncated XML', async () => {
    await expectFailure('truncated.xml', goodXml.slice(0, goodXml.lastIndexOf('<product ID="TT-1004">') + 60), { importer: 'tradetracker' }, /truncated|Malformed XML/i);
  });

  it('fails on a truncated gzip file', async () => {
    const zlib = await import('node:zlib');
    const gz = zlib.gzipSync(goodXml);
    await expectFailure('truncated.xml.gz', gz.subarray(0, gz.length - 40), { importer: 'tradetracker', compression: 'gzip' }, /gzip|truncated/i);
  });

  it('fails on malformed CSV', async () => {
    await expectFailure('broken.csv', `${goodCsv}905,AW-5,"Unclosed quote,1.00,EUR\n`, { importer: 'awin' }, /Malformed CSV/);
  });

  it('refuses an XXE file', async () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE products [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<products><product ID="X"><name>&xxe;</name><price currency="EUR">1.00</price><URL>https://x.example</URL></product></products>`;
    await expectFailure('xxe.xml', xxe, { importer: 'tradetracker' }, /entities/i);
  });

  it('refuses a billion-laughs file', async () => {
    const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol0 "lol">\n${entities}]>\n<products><product ID="L"><name>&lol9;</name></product></products>`;
    await expectFailure('laughs.xml', bomb, { importer: 'tradetracker' }, /entities/i);
  });

  it('refuses a zip bomb', async () => {
    const zip = makeZip('feed.csv', Buffer.alloc(50 * 1024 * 1024, 0x41));
    await expectFailure('bomb.zip', zip, { importer: 'awin', compression: 'zip' }, /zip bomb|expands/i);
  });

  it('refuses a gzip bomb', async () => {
    const zlib = await import('node:zlib');
    const bomb = Buffer.concat([Buffer.from('<products>'), Buffer.alloc(20 * 1024 * 1024, 0x20), Buffer.from('</products>')]);
    await expectFailure('bomb.xml.gz', zlib.gzipSync(bomb), { importer: 'tradetracker', compression: 'gzip' }, /compression bomb/i);
  });

  it('fails when too many records are invalid', async () => {
    const rows = ['merchant_product_id,product_name,search_price,aw_deep_link', 'A,Geen prijs,,https://a.example', 'B,Ook geen,,https://b.example', 'C,Goed,1.00,https://c.example'];
    await expectFailure('invalid.csv', rows.join('\n'), { importer: 'awin' }, /Too many invalid records: 2 of 3/);
  });

  it('holds an empty feed for review instead of expiring every offer', async () => {
    t.place('winkel/empty.xml', '<?xml version="1.0"?><products></products>');
    const { id } = await t.createFeed({ name: 'empty', importer: 'tradetracker', path: 'winkel/empty.xml' });
    const run = await t.run(id);
    expect(run).toMatchObject({ status: 'held', heldReason: 'The feed holds no records', recordsRead: 0 });
    expect(await t.snapshot()).toBe(baseline);
  });

  it('rejects a record with a 10 MB field without failing the run', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const rows = [
      'merchant_product_id,product_name,description,search_price,aw_deep_link',
      ...['1', '2', '3', '4'].map((n) => `G${n},Goed ${n},kort,1.00,https://g.example/${n}`),
      `BIG,Groot,${big},1.00,https://g.example/big`,
    ];
    t.place('winkel/big.csv', rows.join('\n'));
    const { id } = await t.createFeed({ name: 'big', importer: 'awin', path: 'winkel/big.csv' });
    const run = await t.run(id);
    expect(run).toMatchObject({ status: 'succeeded', offersCreated: 4, recordsRejected: 1 });
    expect(run.errorSample).toEqual([{ position: 6, reason: 'A field is larger than the 1 MB limit' }]);
    baseline = await t.snapshot();
  });

  it('answers 409 to a second run request while one is going, and cancels a queued run', async () => {
    const { id } = await t.createFeed({ name: 'busy', importer: 'awin', path: 'winkel/awin.csv' });
    const [queued] = await t.database.query<{ id: number }>(
      "insert into feed_runs (feed_id, status) values ($1, 'queued') returning id",
      [id],
    );
    const second = await t.app.inject({ method: 'POST', url: `/api/store-feeds/${id}/run`, headers: t.auth });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'A run of this feed is already going' });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/feed-runs/${queued!.id}/cancel`, headers: t.auth });
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    const again = await t.app.inject({ method: 'POST', url: `/api/feed-runs/${queued!.id}/cancel`, headers: t.auth });
    expect(again.statusCode).toBe(409);
    const third = await t.app.inject({ method: 'POST', url: `/api/store-feeds/${id}/run`, headers: t.auth });
    expect(third.statusCode).toBe(202);
    expect(await whenRunFinished(third.json().id)).toMatchObject({ status: 'failed', failureReason: 'Feed file not found: winkel/awin.csv' });
  });

  it('still runs a feed stored with a parameter key from before unknown keys were refused', async () => {
    t.placeFixture('awin.csv', 'winkel/oud.csv');
    const [feed] = await t.database.query<{ id: number }>(
      `insert into store_feeds (store_id, name, importer, path, parameters) values ($1, 'oud', 'awin', 'winkel/oud.csv', '{"kleur":"rood","maxInvalidRatio":0.5}') returning id`,
      [t.storeId],
    );
    expect((await t.run(feed!.id)).status).toBe('succeeded');
    baseline = await t.snapshot();
  });

  it('refuses a storage path outside the storage folder', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/store-feeds/store/${t.storeId}`,
      headers: t.auth,
      payload: { name: 'evil', importer: 'awin', path: '../../etc/passwd' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid path');
  });
});
