import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestUser } from '../../../test/auth';
import { createFeedTestApp, type FeedTestContext } from '../../../test/feed-test-app';
import { whenRunFinished } from './runner';

const header = 'merchant_product_id,product_name,search_price,delivery_cost,ean,aw_deep_link,merchant_category\n';
const rows = (from: number, to: number) =>
  Array.from(
    { length: to - from },
    (_, i) => `P${from + i},Product ${from + i},1.00,0.00,,https://awin.example/${from + i},Audio\n`,
  ).join('');

/**
 * A feed server that sends the first half of the file, then holds the connection until the
 * test releases it: the run is caught mid-way, reading, whatever the machine's speed.
 */
function holdingFeedServer() {
  const first = header + rows(0, 50);
  const rest = rows(50, 100);
  let release: () => void = () => undefined;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/csv', 'content-length': Buffer.byteLength(first + rest) });
    response.write(first);
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    void released.then(() => response.end(rest));
    response.on('close', () => release());
  });
  return {
    server,
    release: () => release(),
    size: Buffer.byteLength(first + rest),
    firstSize: Buffer.byteLength(first),
  };
}

describe('feed runs: live progress in the database and cancel', () => {
  let t: FeedTestContext;
  let feed: ReturnType<typeof holdingFeedServer>;
  let feedId: number;
  beforeAll(async () => {
    // The feed is served on loopback, which only an allowed host may be (FEED_ALLOWED_HOSTS).
    t = await createFeedTestApp({ feedAllowedHosts: ['127.0.0.1'] });
    feed = holdingFeedServer();
    await new Promise<void>((resolve) => feed.server.listen(0, '127.0.0.1', resolve));
    const { port } = feed.server.address() as AddressInfo;
    feedId = (
      await t.createFeed({
        name: 'live',
        importer: 'awin',
        path: 'winkel/live.csv',
        url: `http://127.0.0.1:${port}/feed.csv`,
      })
    ).id;
  });
  afterAll(async () => {
    feed.server.closeAllConnections();
    await new Promise((resolve) => feed.server.close(resolve));
    await t.close();
  });

  const start = async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/store-feeds/${feedId}/run`, headers: t.auth });
    expect(response.statusCode).toBe(202);
    return response.json().id as number;
  };
  /** Polls the run as an admin would until it shows the first half read. */
  const waitForHalf = async (runId: number, headers: Record<string, string>) => {
    for (;;) {
      const run = (await t.app.inject({ method: 'GET', url: `/api/feed-runs/${runId}`, headers })).json();
      if (run.bytesRead === feed.firstSize && run.recordsRead > 0) return run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('shows the progress of a running run to every admin, then its result', async () => {
    const runId = await start();
    const other = await createTestUser(t.app, { role: 'store_manager', storeIds: [t.storeId] });
    const seen = await waitForHalf(runId, other.headers);
    expect(seen).toMatchObject({
      status: 'running',
      phase: 'parsing',
      bytesRead: feed.firstSize,
      bytesTotal: feed.size,
    });
    // The CSV reader hands on the last line of a chunk once it sees what follows.
    expect([49, 50]).toContain(seen.recordsRead);
    expect(seen.recordsPerSecond).toBeGreaterThan(0);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/store-feeds/${feedId}/run`, headers: t.auth })).statusCode,
    ).toBe(409);
    feed.release();
    const done = await whenRunFinished(runId);
    expect(done).toMatchObject({
      status: 'succeeded',
      phase: null,
      recordsRead: 100,
      offersCreated: 100,
      bytesRead: feed.size,
    });
  });

  it('cancels a running run and leaves the catalog as it was', async () => {
    const before = await t.snapshot();
    const runId = await start();
    await waitForHalf(runId, t.auth);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/feed-runs/${runId}/cancel`, headers: t.auth });
    expect(cancel.statusCode).toBe(200);
    expect(await whenRunFinished(runId)).toMatchObject({
      status: 'cancelled',
      phase: null,
      failureReason: 'Cancelled',
    });
    expect(await t.snapshot()).toBe(before);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/feed-runs/${runId}/cancel`, headers: t.auth })).json(),
    ).toEqual({
      error: 'The run has already finished',
    });
  });
});
