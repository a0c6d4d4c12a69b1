import { eq, sql } from 'drizzle-orm';
import { prices } from '../../db/schema';
import { selectRows } from '../../db/sql';
import { openCatalogueTestApp, type Catalogue } from '../../../test/catalogue';
import type { TestContext } from '../../../test/helpers';
import { addDays, dailyLowestTotals } from './repository';

let ctx: TestContext;
let data: Catalogue;
let today: string;
/** The UTC day `n` days before today, `YYYY-MM-DD`. */
const day = (n: number) => addDays(today, -n);

/** A history row of the product's offer in the store, recorded `daysAgo` days ago at the given UTC hour. */
async function recorded(productId: number, storeId: number, total: number, daysAgo: number, hour = 12) {
  await ctx.app.db.execute(sql`
    insert into price_history (price_id, product_id, store_id, amount, shipping, total, recorded_at)
    select id, product_id, store_id, ${total}, 0, ${total},
      (((now() at time zone 'UTC')::date - ${daysAgo}::int)::timestamp + make_interval(hours => ${hour})) at time zone 'UTC'
    from prices where product_id = ${productId} and store_id = ${storeId}`);
}

beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
  [{ today }] = (await selectRows<{ today: string }>(ctx.app.db, sql`select to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD') as today`)) as [
    { today: string },
  ];
  const { coolblue, bol, mediamarkt } = data.stores;
  const { bosch, miele, samsung } = data.products;
  // Bosch: Coolblue 700 → 649 twenty days ago (a 610 that morning did not last the day);
  // bol 600 → 634 ten days ago; MediaMarkt 669 from forty days ago until its offer ended five days ago.
  await recorded(bosch.id, coolblue.id, 70000, 100);
  await recorded(bosch.id, coolblue.id, 61000, 20, 8);
  await recorded(bosch.id, coolblue.id, 64900, 20, 20);
  await recorded(bosch.id, bol.id, 60000, 50);
  await recorded(bosch.id, bol.id, 63400, 10);
  await recorded(bosch.id, mediamarkt.id, 66900, 40);
  await ctx.app.db.execute(sql`update prices set valid_to = now() - interval '5 days'
    where product_id = ${bosch.id} and store_id = ${mediamarkt.id}`);
  // Miele: 1099 for more than a year, 999 since five days ago: the lowest in a year.
  await recorded(miele.id, coolblue.id, 109900, 400);
  await recorded(miele.id, coolblue.id, 99900, 5);
  // Samsung: listed forty days ago at 899, 799 since three days ago: lowest in 30 days only.
  await recorded(samsung.id, mediamarkt.id, 89900, 40);
  await recorded(samsung.id, mediamarkt.id, 79900, 3);
});
afterAll(() => ctx.close());

const history = (productId: number | string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/products/${productId}/price-history${query}` });

/** `count` copies of a value. */
const times = <T,>(count: number, value: T): T[] => Array.from({ length: count }, () => value);

describe('GET /products/{id}/price-history', () => {
  it("answers each store's total at the end of every day and the daily lowest, for the last 30 days", async () => {
    const response = await history(data.products.bosch.id, '?range=30d');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.range).toBe('30d');
    expect(body.days).toHaveLength(30);
    expect(body.days[0]).toBe(day(29));
    expect(body.days[29]).toBe(today);
    const line = (slug: string) => body.stores.find((entry: { store: { slug: string } }) => entry.store.slug === slug)?.totals;
    // Days 29..21 ago: 700 carried in from before the range; from 20 days ago the day's last price.
    expect(line('coolblue')).toEqual([...times(9, 70000), ...times(21, 64900)]);
    expect(line('bol')).toEqual([...times(19, 60000), ...times(11, 63400)]);
    // An ended offer counts until the day before it ended.
    expect(line('mediamarkt')).toEqual([...times(24, 66900), ...times(6, null)]);
    expect(body.lowest).toEqual([...times(19, 60000), ...times(11, 63400)]);
    expect(body.lowestInRange).toEqual({ day: day(29), total: 60000 });
    expect(body.highestInRange).toEqual({ day: day(10), total: 63400 });
    expect(body.current).toBe(63400);
    expect(body.lowestInDays).toBeNull();
  });

  it('defaults to 90 days and leaves days before the first recorded price empty', async () => {
    const body = (await history(data.products.bosch.id)).json();
    expect(body.range).toBe('90d');
    expect(body.days).toHaveLength(90);
    expect(body.days.at(-1)).toBe(today);
    const bol = body.stores.find((entry: { store: { slug: string } }) => entry.store.slug === 'bol').totals;
    expect(bol).toEqual([...times(39, null), ...times(40, 60000), ...times(11, 63400)]);
    // Stores sorted by name, each with one value per day at most.
    expect(body.stores.map((entry: { store: { name: string } }) => entry.store.name)).toEqual(['bol', 'Coolblue', 'MediaMarkt']);
    expect(body.stores.every((entry: { totals: unknown[] }) => entry.totals.length === 90)).toBe(true);
    expect(body.highestInRange).toEqual({ day: day(89), total: 70000 });
  });

  it('covers a year, or everything recorded with "all", and says when today is the lowest in 365 or 30 days', async () => {
    const year = (await history(data.products.miele.id, '?range=1y')).json();
    expect(year.days).toHaveLength(365);
    expect(year.lowest).toEqual([...times(359, 109900), ...times(6, 99900)]);
    expect(year.lowestInDays).toBe(365);

    const all = (await history(data.products.miele.id, '?range=all')).json();
    expect(all.days).toHaveLength(401);
    expect(all.days[0]).toBe(day(400));
    expect(all.lowestInRange).toEqual({ day: day(5), total: 99900 });
    expect(all.current).toBe(99900);

    // Samsung's history covers forty days: the lowest in 30 days, not in 90.
    const samsung = (await history(data.products.samsung.id, '?range=30d')).json();
    expect(samsung.current).toBe(79900);
    expect(samsung.lowestInDays).toBe(30);
  });

  it('answers an empty history for a product without recorded prices ("all" covers 30 days at least)', async () => {
    const body = (await history(data.products.boschDroger.id, '?range=all')).json();
    expect(body).toEqual({
      productId: data.products.boschDroger.id,
      range: 'all',
      days: Array.from({ length: 30 }, (_, index) => day(29 - index)),
      lowest: times(30, null),
      stores: [],
      lowestInRange: null,
      highestInRange: null,
      current: null,
      lowestInDays: null,
    });
  });

  it('refuses an unknown range naming the field, and answers 404 for an unknown product', async () => {
    const bad = await history(data.products.bosch.id, '?range=7d');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/range/);
    expect(bad.json().details).toMatch(/range/);
    expect((await history('abc')).statusCode).toBe(400);
    const missing = await history(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Product not found' });
  });

  it('follows a new price at once (the cached answer is refreshed)', async () => {
    const before = (await history(data.products.philips.id, '?range=30d')).json();
    expect(before.current).toBeNull();
    await ctx.app.db.update(prices).set({ amount: 4599, total: 4994 }).where(eq(prices.productId, data.products.philips.id));
    await recorded(data.products.philips.id, data.stores.bol.id, 4994, 0, 0);
    const after = (await history(data.products.philips.id, '?range=30d')).json();
    expect(after.current).toBe(4994);
    expect(after.lowest.at(-1)).toBe(4994);
  });
});

describe('dailyLowestTotals (reused by other features)', () => {
  it("gives each product's lowest total per day, oldest first, without days that had no price", async () => {
    const rows = await dailyLowestTotals(ctx.app.db, [data.products.bosch.id, data.products.samsung.id], { days: 12 });
    const bosch = rows.filter((row) => row.productId === data.products.bosch.id);
    expect(bosch.map((row) => row.day)).toEqual(Array.from({ length: 12 }, (_, index) => day(11 - index)));
    expect(bosch.map((row) => row.total)).toEqual([60000, ...times(11, 63400)]);
    const samsung = rows.filter((row) => row.productId === data.products.samsung.id);
    expect(samsung.map((row) => row.total)).toEqual([...times(8, 89900), ...times(4, 79900)]);
    expect(await dailyLowestTotals(ctx.app.db, [], { days: 30 })).toEqual([]);
  });
});

describe('offers hidden from visitors', () => {
  it('leave the lowest line and the store lines', async () => {
    await ctx.app.db
      .update(prices)
      .set({ hiddenReason: 'reported' })
      .where(sql`${prices.productId} = ${data.products.bosch.id} and ${prices.storeId} = ${data.stores.bol.id}`);
    const body = (await history(data.products.bosch.id, '?range=30d')).json();
    expect(body.stores.map((entry: { store: { slug: string } }) => entry.store.slug)).toEqual(['coolblue', 'mediamarkt']);
    // Coolblue's 700 and MediaMarkt's 669 until twenty days ago, then Coolblue's 649.
    expect(body.lowest).toEqual([...times(9, 66900), ...times(21, 64900)]);
    expect(body.current).toBe(64900);
  });
});
