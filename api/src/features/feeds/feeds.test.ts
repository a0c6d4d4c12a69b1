import { createAndRunDemoFeeds } from './demo';
import { createFeedTestApp, EXISTING_EAN, type FeedTestContext } from '../../../test/feed-test-app';

describe('store and feed API: access, credentials, demo feeds', () => {
  let t: FeedTestContext;
  let feedId: number;
  let runId: number;
  beforeAll(async () => {
    t = await createFeedTestApp();
    t.placeFixture('awin.csv');
    feedId = (
      await t.createFeed({ name: 'secret', importer: 'awin', path: 'winkel/awin.csv', credentials: { username: 'shop', password: 's3cret-pw' } })
    ).id;
    runId = (await t.run(feedId)).id;
  });
  afterAll(() => t.close());

  const adminRoutes = () => [
    ['POST', '/api/stores'],
    ['PUT', `/api/stores/${t.storeId}`],
    ['DELETE', `/api/stores/${t.storeId}`],
    ['DELETE', `/api/stores/${t.storeId}/prices`],
    ['GET', `/api/store-feeds/store/${t.storeId}`],
    ['POST', `/api/store-feeds/store/${t.storeId}`],
    ['GET', `/api/store-feeds/${feedId}`],
    ['PUT', `/api/store-feeds/${feedId}`],
    ['DELETE', `/api/store-feeds/${feedId}`],
    ['POST', `/api/store-feeds/${feedId}/run`],
    ['GET', `/api/store-feeds/${feedId}/runs`],
    ['GET', `/api/feed-runs/${runId}`],
    ['POST', `/api/feed-runs/${runId}/cancel`],
  ] as const;

  it('refuses anonymous (401) and non-admin (403) callers on every write, feed and run route', async () => {
    for (const [method, url] of adminRoutes()) {
      const anonymous = await t.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect([method, url, anonymous.statusCode]).toEqual([method, url, 401]);
      const user = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${t.userToken}` },
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect([method, url, user.statusCode]).toEqual([method, url, 403]);
    }
  });

  it('never returns credentials from any read', async () => {
    const reads = [
      `/api/store-feeds/store/${t.storeId}`,
      `/api/store-feeds/${feedId}`,
      `/api/store-feeds/${feedId}/runs`,
      `/api/feed-runs/${runId}`,
    ];
    for (const url of reads) {
      const response = await t.app.inject({ method: 'GET', url, headers: t.auth });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('s3cret-pw');
      expect(response.body).not.toContain('credentials');
    }
    const one = await t.app.inject({ method: 'GET', url: `/api/store-feeds/${feedId}`, headers: t.auth });
    expect(one.json()).toMatchObject({ hasCredentials: true, lastRun: { id: runId, status: 'succeeded' } });
    const updated = await t.app.inject({ method: 'PUT', url: `/api/store-feeds/${feedId}`, headers: t.auth, payload: { name: 'renamed' } });
    expect(updated.json()).toMatchObject({ name: 'renamed', hasCredentials: true });
    expect(updated.body).not.toContain('s3cret-pw');
    const replaced = await t.app.inject({ method: 'PUT', url: `/api/store-feeds/${feedId}`, headers: t.auth, payload: { credentials: { token: 'n3w-t0ken' } } });
    expect(replaced.json()).toMatchObject({ hasCredentials: true });
    const cleared = await t.app.inject({ method: 'PUT', url: `/api/store-feeds/${feedId}`, headers: t.auth, payload: { credentials: null } });
    expect(cleared.json()).toMatchObject({ hasCredentials: false });
    // The audit trail says only whether credentials were set, never what they are.
    const audit = JSON.stringify(await t.database.query("select before, after from audit_records where entity = 'feed'"));
    expect(audit).not.toContain('s3cret-pw');
    expect(audit).not.toContain('n3w-t0ken');
    expect(audit).toContain('"credentials":"set"');
    expect(audit).toContain('"credentials":"cleared"');
  });

  it('validates the feed form (docs/product.md §5)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/store-feeds/store/${t.storeId}`,
      headers: t.auth,
      payload: { name: ' ', importer: 'ftp', path: '', compression: 'rar' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid name, importer, path, compression');
    expect(response.json().details).toContain('Name is required');
    expect(response.json().details).toContain('Storage path is required');
  });

  it('creates one demo feed per importer and imports them onto catalog products', async () => {
    await createAndRunDemoFeeds(t.app);
    const runs = await t.database.query<{ importer: string; status: string; failure_reason: string | null; offers: number }>(
      `select f.importer, r.status, r.failure_reason, r.offers_created + r.offers_updated as offers
       from feed_runs r join store_feeds f on f.id = r.feed_id where r.trigger = 'demo' order by f.importer`,
    );
    expect(runs.map((r) => [r.importer, r.status, r.failure_reason])).toEqual(
      ['awin', 'bol', 'daisycon', 'gameresource', 'koopjesland', 'tradedoubler', 'tradetracker'].map((i) => [i, 'succeeded', null]),
    );
    expect(runs.every((r) => r.offers >= 2)).toBe(true);
    const [existing] = await t.database.query<{ offer_count: number }>(
      'select pp.offer_count from product_prices pp join product_identifiers i on i.product_id = pp.product_id where i.value = $1',
      [EXISTING_EAN],
    );
    expect(existing!.offer_count).toBe(1);
    // Works offline: the products the demo feeds created show the demo's own drawn images.
    const images = await t.database.query<{ url: string; image: string | null }>(
      `select i.url, p.image from product_images i join products p on p.id = i.product_id
       where p.brand = 'Koopjesland' and i.is_main order by p.id`,
    );
    expect(images.length).toBe(14);
    expect(images.every((row) => /^\/media\/products\/\d+-1\.svg$/.test(row.url) && row.image === row.url)).toBe(true);
    const [offSite] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from product_images i join products p on p.id = i.product_id where p.brand = 'Koopjesland' and i.url like 'http%'",
    );
    expect(offSite!.n).toBe(0);
  });
});
