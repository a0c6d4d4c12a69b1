/**
 * What a price-alert pass costs (the evaluation after each import): wishlists of `users` users
 * with 10 items each over `products` products, on embedded PGlite in memory, or on a fresh
 * database of the PostgreSQL server when DATABASE_URL is set (dropped afterwards).
 * `[DATABASE_URL=postgres://…] npx tsx scripts/bench/price-alerts.ts [products=20000] [users=10000]`; prints figures.
 */
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../api/test/helpers';
import { evaluateAlerts } from '../../api/src/features/price-alerts/repository';

async function main() {
  const { database: handle, dispose } = await openTestDatabase();
  const db = handle.db;
  const products = Number(process.argv[2] ?? 20_000);
  const users = Number(process.argv[3] ?? 10_000);
  await db.execute(sql`insert into users (email, password_hash) select 'u' || g || '@example.nl', 'x' from generate_series(1, ${users}) g`);
  await db.execute(sql`insert into products (name, slug) select 'P' || g, 'p-' || g from generate_series(1, ${products}) g`);
  await db.execute(sql`update product_prices set lowest_total = 5000`);
  await db.execute(sql`insert into wishlist_items (user_id, product_id, max_price)
    select u, 1 + ((u * 7919 + k * 104729) % ${products}), 4000 from generate_series(1, ${users}) u, generate_series(1, 10) k
    on conflict do nothing`);
  const [{ n }] = (await handle.query<{ n: number }>('select count(*)::int as n from wishlist_items')) as [{ n: number }];
  await db.execute(sql`analyze`);
  console.log(`${n} wishlist items over ${products} products, ${handle.driver}`);
  const time = async (label: string, pass: () => Promise<number>) => {
    const started = performance.now();
    const fired = await pass();
    console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms, ${fired} fired`);
  };
  await time('pass, nothing due', () => evaluateAlerts(db));
  await time('pass, nothing due (again)', () => evaluateAlerts(db));
  await db.execute(sql`update product_prices set lowest_total = 3900 where product_id % 10 = 0`);
  await time('pass, a tenth of the products dropped below the targets', () => evaluateAlerts(db));
  await time('pass, nothing new', () => evaluateAlerts(db));
  await db.execute(sql`update product_prices set lowest_total = 5000`);
  await time('pass, re-arming those items', () => evaluateAlerts(db));
  await dispose();
}
void main();
