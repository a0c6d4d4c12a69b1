import { createTestUser } from '../../../test/auth';
import { countStagedRows, createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';
import { runStagingNames } from '../../db/run-staging';
import { stores } from '../../db/schema';
import { createRun, executeRun, STAGED_ROWS_LOST_REASON } from './runner';

const header = 'merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category';
const csv = (rows: [string, string][]) =>
  [header, ...rows.map(([id, price]) => `${id},Product ${id},${price},0.00,,https://awin.example/${id},Audio`)].join(
    '\n',
  );

describe('feed run diagnostics: problems, diff, collapse guard, progress', () => {
  let t: FeedTestContext;
  beforeAll(async () => {
    t = await createFeedTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = t.auth) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string> = t.auth) =>
    t.app.inject({ method: 'POST', url, headers });
  const currentOffers = async () =>
    (await t.database.query<{ n: number }>('select count(*)::int as n from prices where valid_to is null'))[0]!.n;

  it('groups the problems of a feed with known faults by reason, with counts and examples', async () => {
    const path = t.placeFixture('awin-faults.csv');
    const feed = await t.createFeed({ name: 'faults', importer: 'awin', path });
    const run = await t.run(feed.id);
    expect(run).toMatchObject({
      status: 'succeeded',
      recordsRead: 16,
      offersCreated: 11,
      productsMatched: 1,
      productsCreated: 10,
    });
    // 3 invalid records, 1 unparseable line and 1 duplicate are rejected; the bad GTIN still counts (store id).
    expect(run.recordsRejected).toBe(5);

    const response = await get(`/api/feed-runs/${run.id}/problems`);
    expect(response.statusCode).toBe(200);
    const problems: { reason: string; count: number; examples: { position: number; value: string | null }[] }[] =
      response.json().problems;
    const byReason = Object.fromEntries(problems.map((group) => [group.reason, group]));
    expect(problems[0]).toMatchObject({ reason: 'missing-price', count: 2 });
    expect(byReason['missing-price']!.examples).toEqual([
      { position: 3, value: null },
      { position: 4, value: 'abc' },
    ]);
    expect(byReason['unknown-currency']).toEqual({
      reason: 'unknown-currency',
      count: 1,
      examples: [{ position: 5, value: 'USD' }],
    });
    expect(byReason['bad-gtin']).toEqual({
      reason: 'bad-gtin',
      count: 1,
      examples: [{ position: 6, value: '8710000000018' }],
    });
    expect(byReason['unparseable-line']).toEqual({
      reason: 'unparseable-line',
      count: 1,
      examples: [{ position: 7, value: 'A6,Speaker 6,16.00,EUR,0.00' }],
    });
    expect(byReason['duplicate-product']).toEqual({
      reason: 'duplicate-product',
      count: 1,
      examples: [{ position: 9, value: '8710000000017' }],
    });
    expect(problems).toHaveLength(5);
  });

  it('keeps at most 20 examples per reason while counting every problem', async () => {
    const rows: [string, string][] = Array.from({ length: 100 }, (_, i) => [`OK${i}`, '1.00']);
    rows.push(...Array.from({ length: 25 }, (_, i): [string, string] => [`BAD${i}`, 'gratis']));
    t.place(`${t.storeSlug}/many.csv`, csv(rows));
    const feed = await t.createFeed({ name: 'many', importer: 'awin', path: `${t.storeSlug}/many.csv` });
    const run = await t.run(feed.id);
    const { problems } = (await get(`/api/feed-runs/${run.id}/problems`)).json();
    expect(problems).toHaveLength(1);
    expect(problems[0].count).toBe(25);
    expect(problems[0].examples).toHaveLength(20);
    expect(problems[0].examples[0]).toEqual({ position: 102, value: 'gratis' });
  });

  describe('diff between two runs', () => {
    let feedId: number;
    let firstRunId: number;
    let secondRunId: number;
    beforeAll(async () => {
      t.place(
        `${t.storeSlug}/diff.csv`,
        csv([
          ['A', '10.00'],
          ['B', '20.00'],
          ['C', '30.00'],
          ['E', '50.00'],
        ]),
      );
      feedId = (await t.createFeed({ name: 'diff', importer: 'awin', path: `${t.storeSlug}/diff.csv` })).id;
      firstRunId = (await t.run(feedId)).id;
      t.place(
        `${t.storeSlug}/diff.csv`,
        csv([
          ['A', '8.00'],
          ['B', '25.00'],
          ['D', '5.00'],
          ['E', '40.00'],
        ]),
      );
      secondRunId = (await t.run(feedId)).id;
    });

    it('lists price changes with the largest drops first', async () => {
      const response = await get(`/api/feed-runs/${secondRunId}/diff?kind=changed`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.previousRunId).toBe(firstRunId);
      expect(body.summary).toEqual({ newOffers: 1, removedOffers: 1, priceChanges: 3 });
      expect(
        body.changes.map((c: { productName: string; oldTotal: number; newTotal: number; change: number }) => [
          c.productName,
          c.oldTotal,
          c.newTotal,
          c.change,
        ]),
      ).toEqual([
        ['Product E', 5000, 4000, -1000],
        ['Product A', 1000, 800, -200],
        ['Product B', 2000, 2500, 500],
      ]);
    });

    it('lists new and removed offers', async () => {
      const added = (await get(`/api/feed-runs/${secondRunId}/diff?kind=new`)).json();
      expect(added.changes).toMatchObject([{ kind: 'new', productName: 'Product D', oldTotal: null, newTotal: 500 }]);
      const removed = (await get(`/api/feed-runs/${secondRunId}/diff?kind=removed`)).json();
      expect(removed.changes).toMatchObject([
        { kind: 'removed', productName: 'Product C', oldTotal: 3000, newTotal: null },
      ]);
      const first = (await get(`/api/feed-runs/${firstRunId}/diff?kind=new`)).json();
      expect(first).toMatchObject({
        previousRunId: null,
        summary: { newOffers: 4, removedOffers: 0, priceChanges: 0 },
      });
    });

    it('refuses a bad kind and an unknown run', async () => {
      const bad = await get(`/api/feed-runs/${secondRunId}/diff?kind=everything`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Invalid kind');
      expect((await get('/api/feed-runs/999999/diff')).statusCode).toBe(404);
    });
  });

  describe('collapse guard', () => {
    let feedId: number;
    const ten: [string, string][] = Array.from({ length: 10 }, (_, i) => [`G${i}`, `${i + 1}.00`]);
    let offersBefore: number;
    beforeAll(async () => {
      t.place(`${t.storeSlug}/guard.csv`, csv(ten));
      feedId = (await t.createFeed({ name: 'guard', importer: 'awin', path: `${t.storeSlug}/guard.csv` })).id;
      expect(await t.run(feedId)).toMatchObject({ status: 'succeeded', offersCreated: 10 });
      offersBefore = await currentOffers();
    });

    it('holds a run whose file drops 80 % of the offers and leaves the offers live', async () => {
      const before = await t.snapshot();
      t.place(`${t.storeSlug}/guard.csv`, csv(ten.slice(0, 2)));
      const run = await t.run(feedId);
      expect(run).toMatchObject({ status: 'held', offersUnchanged: 2, offersExpired: 8, phase: null });
      expect(run.heldReason).toBe("The run would expire 8 of the feed's 10 current offers");
      expect(await t.snapshot()).toBe(before);
      expect(await currentOffers()).toBe(offersBefore);
      const feed = (await get(`/api/store-feeds/${feedId}`)).json();
      expect(feed).toMatchObject({ offerCount: 10, lastRun: { id: run.id, status: 'held' } });
    });

    it('applies the held run on Apply anyway', async () => {
      const { runs } = (await get(`/api/store-feeds/${feedId}/runs`)).json();
      const held = runs[0];
      const response = await post(`/api/feed-runs/${held.id}/apply`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: held.id, status: 'succeeded', offersExpired: 8, offersUnchanged: 2 });
      expect(await currentOffers()).toBe(offersBefore - 8);
      expect((await get(`/api/feed-runs/${held.id}/diff?kind=removed`)).json().summary.removedOffers).toBe(8);
      expect((await post(`/api/feed-runs/${held.id}/apply`)).json()).toEqual({ error: 'The run is not held' });
      expect((await post(`/api/feed-runs/${held.id}/discard`)).statusCode).toBe(409);
    });

    it('refuses Apply anyway for a held run whose staged records are gone (the unlogged staging table after a crash)', async () => {
      t.place(`${t.storeSlug}/guard-lost.csv`, csv(ten.map(([id, price]) => [`L${id}`, price])));
      const lostFeed = (await t.createFeed({ name: 'guard-lost', importer: 'awin', path: `${t.storeSlug}/guard-lost.csv` })).id;
      expect(await t.run(lostFeed)).toMatchObject({ status: 'succeeded', offersCreated: 10 });
      t.place(`${t.storeSlug}/guard-lost.csv`, csv(ten.slice(0, 2).map(([id, price]) => [`L${id}`, price])));
      const held = await t.run(lostFeed);
      expect(held).toMatchObject({ status: 'held', offersExpired: 8 });
      const offers = await currentOffers();
      // What a crash does to the unlogged staging tables.
      const lost = runStagingNames(held.id);
      await t.database.query(`truncate "${lost.staged}", "${lost.carried}"`);
      const response = await post(`/api/feed-runs/${held.id}/apply`);
      expect(response.json()).toMatchObject({ id: held.id, status: 'failed', failureReason: STAGED_ROWS_LOST_REASON });
      expect(await currentOffers()).toBe(offers);
    });

    it('discards a held run and keeps the last good offers', async () => {
      t.place(`${t.storeSlug}/guard.csv`, csv(ten.slice(0, 2)));
      const good = await t.run(feedId);
      expect(good.status).toBe('succeeded');
      t.place(`${t.storeSlug}/guard.csv`, csv([]));
      const empty = await t.run(feedId);
      expect(empty).toMatchObject({ status: 'held', heldReason: 'The feed holds no records', offersExpired: 2 });
      const discarded = await post(`/api/feed-runs/${empty.id}/discard`);
      expect(discarded.json()).toMatchObject({ status: 'discarded' });
      expect((await get(`/api/store-feeds/${feedId}`)).json().offerCount).toBe(2);
      expect(await countStagedRows(t.database)).toBe(0);
    });

    it('holds by the share set in the feed parameters', async () => {
      await t.app.inject({
        method: 'PUT',
        url: `/api/store-feeds/${feedId}`,
        headers: t.auth,
        payload: { parameters: { maxExpireRatio: 0.4 } },
      });
      t.place(`${t.storeSlug}/guard.csv`, csv(ten.slice(0, 1)));
      expect(await t.run(feedId)).toMatchObject({ status: 'held', offersExpired: 1 });
    });

    it('drops the staged rows of a held run when its feed is deleted', async () => {
      // The held run read one record, carried unchanged: listed, not staged.
      const staged = () => countStagedRows(t.database);
      expect(await staged()).toBe(1);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/store-feeds/${feedId}`, headers: t.auth })).statusCode,
      ).toBe(204);
      expect(await staged()).toBe(0);
    });
  });

  it('reports progress fields and an event stream of a finished run', async () => {
    const { runs } = (
      await get(
        `/api/store-feeds/${(await t.createFeed({ name: 'p', importer: 'awin', path: `${t.storeSlug}/diff.csv` })).id}/runs`,
      )
    ).json();
    expect(runs).toEqual([]);
    const feed = await t.createFeed({ name: 'progress', importer: 'awin', path: `${t.storeSlug}/diff.csv` });
    const run = await t.run(feed.id);
    const shown = (await get(`/api/feed-runs/${run.id}`)).json();
    expect(shown).toMatchObject({ status: 'succeeded', phase: null, recordsRead: 4 });
    expect(shown.bytesRead).toBe(shown.bytesTotal);
    expect(shown.bytesRead).toBeGreaterThan(0);
    expect(typeof shown.durationMs).toBe('number');
    expect(typeof shown.recordsPerSecond).toBe('number');
    const events = await get(`/api/feed-runs/${run.id}/events`);
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toBe('text/event-stream');
    const data = events.body
      .trim()
      .split('\n\n')
      .map((line) => JSON.parse(line.replace(/^data: /, '')));
    expect(data).toEqual([expect.objectContaining({ id: run.id, status: 'succeeded' })]);
  });

  it('writes an audit record without an actor for a run nobody started through the API', async () => {
    const feed = await t.createFeed({ name: 'cli', importer: 'awin', path: `${t.storeSlug}/diff.csv` });
    const run = await executeRun(t.app, (await createRun(t.app, feed.id, 'cli')).id);
    expect(run.status).toBe('succeeded');
    const records = await t.database.query<{ user_email: string | null; after: Record<string, unknown> }>(
      "select user_email, after from audit_records where entity = 'feed' and entity_id = $1 and action = 'feed-run'",
      [String(feed.id)],
    );
    expect(records).toEqual([
      {
        user_email: null,
        after: expect.objectContaining({ runId: run.id, trigger: 'cli', status: 'succeeded', recordsRead: 4 }),
      },
    ]);
  });

  it('refuses anonymous callers, plain users and store managers of other stores', async () => {
    const feed = await t.createFeed({ name: 'guarded', importer: 'awin', path: `${t.storeSlug}/diff.csv` });
    const run = await t.run(feed.id);
    const [other] = await t.database.db
      .insert(stores)
      .values({ name: 'Ander', slug: 'ander', url: 'https://ander.example' })
      .returning();
    const manager = await createTestUser(t.app, { role: 'store_manager', storeIds: [other!.id] });
    const own = await createTestUser(t.app, { role: 'store_manager', storeIds: [t.storeId] });
    const user = { authorization: `Bearer ${t.userToken}` };
    for (const url of [
      `/api/feed-runs/${run.id}/apply`,
      `/api/feed-runs/${run.id}/discard`,
      `/api/store-feeds/${feed.id}/run`,
    ]) {
      expect((await post(url, {})).statusCode).toBe(401);
      expect((await post(url, user)).statusCode).toBe(403);
      expect((await post(url, manager.headers)).statusCode).toBe(403);
    }
    for (const url of [
      `/api/feed-runs/${run.id}`,
      `/api/feed-runs/${run.id}/problems`,
      `/api/feed-runs/${run.id}/diff`,
      `/api/store-feeds/${feed.id}`,
      `/api/store-feeds/store/${t.storeId}`,
    ]) {
      expect((await get(url, manager.headers)).statusCode).toBe(403);
      expect((await get(url, own.headers)).statusCode).toBe(200);
    }
  });
});
