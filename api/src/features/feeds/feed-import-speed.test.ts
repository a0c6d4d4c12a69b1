import { sql } from 'drizzle-orm';
import { countStagedRows, createFeedTestApp, EXISTING_EAN, type FeedTestContext } from '../../../test/feed-test-app';
import { refreshPriceSummariesOf } from '../offers/price-summary';

/**
 * The fast paths of a run: records staged with COPY arrive exactly as read,
 * and a product the run creates is written once with its main image and the price summary a
 * refresh would give it.
 */
const header = 'merchant_product_id,product_name,description,search_price,delivery_cost,ean,aw_deep_link,merchant_category,merchant_image_url,alternate_image';

describe('feed runs: COPY staging and products written once', () => {
  let t: FeedTestContext;
  beforeAll(async () => {
    t = await createFeedTestApp();
  });
  afterAll(() => t.close());

  it('stores text with tabs, backslashes, line breaks and \\N exactly as the feed has it', async () => {
    const description = 'Regel 1\nRegel 2\twith a tab, a back\\slash, \\N and "quotes" – ünïcode €';
    t.place(
      'winkel/tekst/feed.csv',
      [
        header,
        `T1,"Naam \\N met\ttab","${description.replace(/"/g, '""')}",10.00,0.00,,https://awin.example/T1,Tekst > Vreemd\\Pad,,`,
      ].join('\n'),
    );
    const feed = await t.createFeed({ name: 'tekst', importer: 'awin', path: 'winkel/tekst/feed.csv' });
    const run = await t.run(feed.id);
    expect(run).toMatchObject({ status: 'succeeded', offersCreated: 1, productsCreated: 1 });
    const [product] = await t.database.query<{ name: string; description: string }>(
      "select p.name, p.description from products p join prices o on o.product_id = p.id where o.external_id = 'T1'",
    );
    expect(product).toEqual({ name: 'Naam \\N met\ttab', description: expect.stringContaining('back\\slash, \\N and "quotes" – ünïcode €') });
    expect(product!.description).toContain('Regel 1');
    const aliases = await t.database.query<{ path: string }>("select path from category_aliases where path like 'Tekst%'");
    expect(aliases).toEqual([{ path: 'Tekst > Vreemd\\Pad' }]);
    expect(await countStagedRows(t.database)).toBe(0);
  });

  it('gives a new product its main image and the price summary a refresh would give it', async () => {
    t.place(
      'winkel/nieuw/feed.csv',
      [
        header,
        'N1,Nieuw een,,12.50,2.95,,https://awin.example/N1,Nieuw,https://img.example/n1.jpg,https://img.example/n1b.jpg',
        // The main image listed again as an alternate is one image.
        'N2,Nieuw twee,,8.00,0.00,,https://awin.example/N2,Nieuw,https://img.example/n2.jpg,https://img.example/n2.jpg',
        'N3,Nieuw drie,,5.00,0.00,,https://awin.example/N3,Nieuw,,',
        `N4,Bestaand,,7.00,0.00,${EXISTING_EAN},https://awin.example/N4,Nieuw,,`,
      ].join('\n'),
    );
    const feed = await t.createFeed({ name: 'nieuw', importer: 'awin', path: 'winkel/nieuw/feed.csv' });
    const run = await t.run(feed.id);
    expect(run).toMatchObject({ status: 'succeeded', offersCreated: 4, productsCreated: 3 });

    const summaries = () =>
      t.database.query<Record<string, unknown>>(
        `select p.id, pp.lowest_price_id, pp.lowest_total, pp.lowest_store_id, pp.highest_total, pp.offer_count,
           pp.price_change, pp.percentage_change, pp.deal_percentage, p.image_id, p.image
         from products p join product_prices pp on pp.product_id = p.id order by p.id`,
      );
    const written = await summaries();
    const created = await t.database.query<{ external_id: string; id: number; product_id: number; total: number }>(
      "select external_id, id, product_id, total from prices where external_id like 'N%' order by external_id",
    );
    expect(created.map((o) => [o.external_id, o.total])).toEqual([['N1', 1545], ['N2', 800], ['N3', 500], ['N4', 700]]);
    const n1 = written.find((p) => p.id === created[0]!.product_id)!;
    expect(n1).toMatchObject({ lowest_price_id: created[0]!.id, lowest_total: 1545, lowest_store_id: t.storeId, highest_total: 1545, offer_count: 1 });

    // What the one summary refresh makes of the same products: nothing changes.
    await refreshPriceSummariesOf(t.database.db, sql`select id from products`);
    expect(await summaries()).toEqual(written);

    const images = await t.database.query<{ product_id: number; id: number; url: string; is_main: boolean }>(
      "select product_id, id, url, is_main from product_images where url like 'https://img.example/n%' order by product_id, url",
    );
    expect(images.map((i) => [i.url, i.is_main])).toEqual([
      ['https://img.example/n1.jpg', true],
      ['https://img.example/n1b.jpg', false],
      ['https://img.example/n2.jpg', true],
    ]);
    expect(n1.image_id).toBe(images[0]!.id);
    expect(n1.image).toBe('https://img.example/n1.jpg');
    const n3 = written.find((p) => p.id === created[2]!.product_id)!;
    expect(n3).toMatchObject({ image_id: null, image: null, lowest_total: 500 });
  });

  it('links what it inserts without per-row foreign-key checks to rows that exist, and the catalogue triggers still fire', async () => {
    t.place(
      'winkel/links/feed.csv',
      [
        header,
        'L1,Link een,,3.00,0.00,4006381333931,https://awin.example/L1,Links > Een,https://img.example/l1.jpg,',
        'L2,Link twee,,4.00,0.00,,https://awin.example/L2,Links > Twee,,',
        `L3,Bestaand,,7.50,0.00,${EXISTING_EAN},https://awin.example/L3,Links > Een,,`,
      ].join('\n'),
    );
    const counters = () =>
      t.database.query<{ catalog: string; mode: string }>(
        "select (select last_value from catalog_version)::text as catalog, current_setting('session_replication_role') as mode",
      );
    const [before] = await counters();
    const feed = await t.createFeed({ name: 'links', importer: 'awin', path: 'winkel/links/feed.csv' });
    // L3's product already has this store's offer (the test before): updated, not created.
    expect(await t.run(feed.id)).toMatchObject({ status: 'succeeded', offersCreated: 2, offersUpdated: 1, productsCreated: 2 });
    const [after] = await counters();
    expect(BigInt(after!.catalog)).toBeGreaterThan(BigInt(before!.catalog));
    // The mode is the transaction's own: nothing else runs without its checks afterwards.
    expect(after!.mode).toBe('origin');
    // Every row written points at a row that exists (what the skipped checks would have enforced).
    const dangling = await t.database.query<{ n: number }>(`
      select (select count(*) from prices o where not exists (select 1 from products p where p.id = o.product_id))
        + (select count(*) from prices o where o.feed_id is not null and not exists (select 1 from store_feeds f where f.id = o.feed_id))
        + (select count(*) from price_history h where not exists (select 1 from prices o where o.id = h.price_id))
        + (select count(*) from feed_run_changes c where not exists (select 1 from feed_runs r where r.id = c.run_id))
        + (select count(*) from product_identifiers i where not exists (select 1 from products p where p.id = i.product_id))
        + (select count(*) from product_images i where not exists (select 1 from products p where p.id = i.product_id))
        + (select count(*) from product_category_aliases l where not exists (select 1 from products p where p.id = l.product_id)
             or not exists (select 1 from category_aliases a where a.id = l.alias_id))
        + (select count(*) from product_categories l where not exists (select 1 from products p where p.id = l.product_id)
             or not exists (select 1 from categories c where c.id = l.category_id)) as n`);
    expect(Number(dangling[0]!.n)).toBe(0);
    const links = await t.database.query<{ external_id: string; alias: string; category: string; ean: string | null }>(`
      select o.external_id, a.path as alias, c.slug as category,
        (select i.value from product_identifiers i where i.product_id = o.product_id and i.value = '4006381333931') as ean
      from prices o
      join product_category_aliases l on l.product_id = o.product_id
      join category_aliases a on a.id = l.alias_id
      join product_categories pc on pc.product_id = o.product_id
      join categories c on c.id = pc.category_id
      where o.external_id in ('L1', 'L2') order by o.external_id`);
    expect(links).toEqual([
      { external_id: 'L1', alias: 'Links > Een', category: 'overig', ean: '4006381333931' },
      { external_id: 'L2', alias: 'Links > Twee', category: 'overig', ean: null },
    ]);
  });

  it("marks the offers a run carries unchanged once, on the feed, and every reader shows when the feed last carried each offer", async () => {
    const record = (id: string, price: string) => `${id},Gezien ${id},,${price},0.00,,https://awin.example/${id},Gezien,,`;
    const feed = await t.createFeed({ name: 'gezien', importer: 'awin', path: 'winkel/gezien/feed.csv' });
    const importing = async (...records: string[]) => {
      t.place('winkel/gezien/feed.csv', [header, ...records].join('\n'));
      expect(await t.run(feed.id)).toMatchObject({ status: 'succeeded' });
      const [mark] = await t.database.query<{ at: string }>(
        "select to_json(offers_seen_at)#>>'{}' as at from store_feeds where id = $1", [feed.id]);
      return new Date(mark!.at).toISOString();
    };
    const stored = async () =>
      Object.fromEntries((await t.database.query<{ external_id: string; id: number; product_id: number; last_seen: string; valid_to: string | null }>(
        `select external_id, id, product_id, to_json(last_seen)#>>'{}' as last_seen, to_json(valid_to)#>>'{}' as valid_to
         from prices where external_id like 'G%'`)).map((o) => [o.external_id, o]));
    const iso = (at: string) => new Date(at).toISOString();
    /** What the product page, the store admin's prices and the catalog admin's offers of the product answer. */
    const answered = async (productId: number) => {
      const page = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
      const list = await t.app.inject({ method: 'GET', url: `/api/prices?productId=${productId}&status=all`, headers: t.auth });
      const admin = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/prices?active=false`, headers: t.auth });
      const one = (response: typeof page, key: string) => (response.json()[key] as { lastSeen: string }[]).map((o) => o.lastSeen);
      return { page: one(page, 'prices'), list: one(list, 'prices'), admin: one(admin, 'prices') };
    };

    const first = await importing(record('G1', '10.00'), record('G2', '20.00'), record('G3', '30.00'));
    const created = await stored();
    expect(iso(created.G1!.last_seen)).toBe(first);
    const second = await importing(record('G1', '10.00'), record('G2', '20.00'), record('G3', '31.00'));
    const third = await importing(record('G1', '10.00'), record('G3', '31.00'));
    expect(second > first && third > second).toBe(true);
    const after = await stored();
    // G1 was carried unchanged twice: its row was not written, the feed's mark was.
    expect(after.G1!.last_seen).toBe(created.G1!.last_seen);
    const seen = (at: string) => ({ page: [at], list: [at], admin: [at] });
    expect(await answered(after.G1!.product_id)).toEqual(seen(third));
    // G3 changed in the second run (written then) and was carried unchanged in the third.
    expect(iso(after.G3!.last_seen)).toBe(second);
    expect(await answered(after.G3!.product_id)).toEqual(seen(third));
    // G2, missing from the third run, expired: it was last seen by the second (the feed's mark
    // then), and keeps that when the feed's mark moves on.
    expect(after.G2!.valid_to).not.toBeNull();
    expect(iso(after.G2!.last_seen)).toBe(second);
    expect(await answered(after.G2!.product_id)).toEqual({ page: [], list: [second], admin: [second] });
    expect((await t.app.inject({ method: 'GET', url: '/api/prices?sortBy=lastSeen&sortOrder=desc&status=all&search=Gezien', headers: t.auth }))
      .json().prices.map((o: { id: number }) => o.id)).toEqual([after.G3!.id, after.G1!.id, after.G2!.id]);

    // A deleted feed's offers keep when it last carried them.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/store-feeds/${feed.id}`, headers: t.auth })).statusCode).toBe(204);
    const orphaned = await stored();
    expect(iso(orphaned.G1!.last_seen)).toBe(third);
    expect(await answered(orphaned.G1!.product_id)).toEqual(seen(third));
  });
});
