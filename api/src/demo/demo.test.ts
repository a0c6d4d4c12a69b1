/**
 * The real generator at its smallest scale: the catalog the storefront, search and admin
 * tests and the demo rely on.
 */
import { openTestDatabase } from '../../test/helpers';
import type { DatabaseHandle } from '../db/client';
import { SCALES, seedDemoData, type SeedResult } from './seed';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let result: SeedResult;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  result = await seedDemoData(database.db, { scale: SCALES.small });
  // Seeds the small demo catalogue (hundreds of products, their offers and a year of price
  // history) through the real seeder: tens of seconds on a busy machine.
}, 60_000);
afterAll(() => dispose());

const one = async <T>(text: string) => (await database.query<T>(text))[0]!;

function validEan13(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const sum = [...value.slice(0, 12)].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(value[12]);
}

it('creates a three-level tree of at least 40 categories with the default Overig', async () => {
  expect(result.counts.categories).toBeGreaterThanOrEqual(40);
  const overig = await one<{ parent_id: number | null }>(`select parent_id from categories where slug = 'overig'`);
  expect(overig).toEqual({ parent_id: null });
  const depth = await one<{ leaves: number }>(
    `select count(*)::int as leaves from categories c join categories m on m.id = c.parent_id join categories t on t.id = m.parent_id where t.parent_id is null`,
  );
  expect(depth.leaves).toBeGreaterThanOrEqual(25);
  const washing = await one<{ n: number }>(
    `select count(*)::int as n from products where search_vector @@ plainto_tsquery('dutch', 'wasmachine')`,
  );
  expect(washing.n).toBeGreaterThan(0);
});

it('creates at least 8 stores and 500 products, each with 2 to 8 offers and a valid EAN-13', async () => {
  expect(result.counts.stores).toBeGreaterThanOrEqual(8);
  expect(result.counts.products).toBeGreaterThanOrEqual(500);
  const offers = await one<{ min: number; max: number; mismatched: number }>(
    `select min(n)::int as min, max(n)::int as max,
       (select count(*)::int from product_prices s where s.offer_count <> (select count(*) from prices where product_id = s.product_id)) as mismatched
     from (select count(*) as n from prices group by product_id) x`,
  );
  expect(offers).toEqual({ min: 2, max: 8, mismatched: 0 });
  const eans = await database.query<{ product_id: number; value: string }>(
    `select product_id, value from product_identifiers where type = 'EAN'`,
  );
  expect(eans).toHaveLength(result.counts.products);
  expect(eans.filter((row) => !validEan13(row.value))).toEqual([]);
  const bare = await one<{ n: number }>(
    `select count(*)::int as n from products p where brand is null or description is null or image is null
       or (select count(*) from product_properties where product_id = p.id) not between 3 and 6
       or (select count(*) from product_images where product_id = p.id) not between 1 and 4
       or not exists (select 1 from product_categories where product_id = p.id)`,
  );
  expect(bare.n).toBe(0);
});

it('keeps every product summary true to its offers, with real price drops on about a quarter', async () => {
  const wrong = await one<{ n: number }>(
    `select count(*)::int as n from products p join product_prices s on s.product_id = p.id
     where s.lowest_total is distinct from (select min(total) from prices where product_id = p.id and valid_to is null)
        or s.lowest_price_id is distinct from (select id from prices where product_id = p.id and valid_to is null order by total, id limit 1)`,
  );
  expect(wrong.n).toBe(0);
  const drops = await one<{ drops: number; total: number; inconsistent: number }>(
    `select count(*) filter (where percentage_change < 0 and price_change < 0)::int as drops, count(*)::int as total,
       count(*) filter (where (percentage_change < 0) <> (price_change < 0))::int as inconsistent from product_prices`,
  );
  expect(drops.drops / drops.total).toBeGreaterThan(0.2);
  expect(drops.drops / drops.total).toBeLessThan(0.3);
  expect(drops.inconsistent).toBe(0);
  // A dropped product's history shows the higher price before the current one.
  const history = await one<{ n: number }>(
    `select count(*)::int as n from prices pr where pr.price_change < 0 and not exists (
       select 1 from price_history h where h.price_id = pr.id and h.total > pr.total and h.recorded_at < pr.valid_from)`,
  );
  expect(history.n).toBe(0);
  const shipping = await one<{ bad: number }>(
    `select count(*)::int as bad from prices where not (shipping = 0 or shipping between 195 and 695) or delivery_time is null or delivery_days is null`,
  );
  expect(shipping.bad).toBe(0);
});

it('creates the site configuration for localhost, the demo accounts and homepage categories', async () => {
  const site = await one<{ title: string; domain_names: string[]; root_category_id: number | null }>(
    `select title, domain_names, root_category_id from site_configurations`,
  );
  expect(site).toMatchObject({ title: 'Koopjesland', root_category_id: null });
  expect(site.domain_names).toEqual(expect.arrayContaining(['localhost', '127.0.0.1']));
  const users = await database.query<{ email: string; is_admin: boolean }>(
    `select email, is_admin from users where email not like '%@klant.example' order by email`,
  );
  expect(users).toEqual([
    { email: 'admin@koopjesland.nl', is_admin: true },
    { email: 'demo@koopjesland.nl', is_admin: false },
  ]);
  const home = await one<{ n: number }>(`select count(*)::int as n from category_settings where show_on_home_page is not null`);
  expect(home.n).toBe(9);
  const withoutPicture = await one<{ n: number }>(
    `select count(*)::int as n from category_settings s join products p on p.id = s.representative_product_id
     where s.show_on_home_page is not null and p.image is null`,
  );
  const homeWithPicture = await one<{ n: number }>(
    `select count(*)::int as n from category_settings where show_on_home_page is not null and representative_product_id is not null`,
  );
  expect(withoutPicture.n).toBe(0);
  expect(homeWithPicture.n).toBe(9);
});

it('gives every store rating an author who cannot sign in, one rating per author and store', async () => {
  const ratings = await one<{ total: number; anonymous: number; pairs: number }>(
    `select count(*)::int as total, count(*) filter (where user_id is null)::int as anonymous,
       count(distinct (store_id, user_id))::int as pairs from store_ratings`,
  );
  expect(ratings.total).toBeGreaterThan(0);
  expect(ratings).toMatchObject({ anonymous: 0, pairs: ratings.total });
  const authors = await database.query<{ password_hash: string }>(
    `select distinct u.password_hash from store_ratings r join users u on u.id = r.user_id`,
  );
  expect(authors).toEqual([{ password_hash: '!' }]);
});

it("registers the demo's drawings (product images, store logos) for the image copier", async () => {
  const counts = await one<{ images: number; logos: number; registered: number; pending: number }>(
    `select (select count(distinct url)::int from product_images) as images, (select count(*)::int from stores) as logos,
      (select count(*)::int from image_copies where url like '/media/%') as registered,
      (select count(*)::int from image_copies where status = 'pending') as pending`,
  );
  expect(counts.images).toBeGreaterThan(500);
  expect(counts.registered).toBe(counts.images + counts.logos);
  expect(counts.pending).toBe(counts.registered);
});

it('refuses to seed over existing data without reset', async () => {
  await expect(seedDemoData(database.db, { scale: SCALES.small })).rejects.toThrow(/--reset/);
});

it('gives televisions, washing machines and phones specification fields read from properties in varied forms', async () => {
  const perCategory = await database.query<{ slug: string; fields: number; products: number; valued: number }>(
    `select c.slug, count(distinct f.id)::int as fields,
       (select count(*)::int from product_categories pc where pc.category_id = c.id) as products,
       count(distinct v.product_id)::int as valued
     from categories c join specification_fields f on f.category_id = c.id
     left join product_specification_values v on v.field_id = f.id and v.number_value is not null
     group by c.id, c.slug order by c.slug`,
  );
  expect(perCategory.map((row) => row.slug)).toEqual(['led-televisies', 'oled-televisies', 'smartphones', 'wasmachines']);
  for (const row of perCategory) {
    expect(row.fields).toBe(3);
    expect(row.products).toBeGreaterThanOrEqual(6);
    expect(row.valued).toBeGreaterThan(row.products / 2);
  }
  // "139 cm" and "Beeldschermgrootte" land in the same field as "55 inch" under "Schermdiagonaal".
  const sizes = await database.query<{ name: string; raw: string; inch: number }>(
    `select distinct v.property_name as name, v.raw_value as raw, v.number_value as inch
     from product_specification_values v join specification_fields f on f.id = v.field_id
     join categories c on c.id = f.category_id
     where c.slug = 'led-televisies' and f.name = 'Schermdiagonaal' and v.raw_value in ('139 cm', '55 inch')`,
  );
  expect(new Set(sizes.map((row) => row.inch))).toEqual(new Set([55]));
  expect(new Set(sizes.map((row) => row.name))).toEqual(new Set(['Schermdiagonaal', 'Beeldschermgrootte']));
  const spin = await one<{ rpm: number[] }>(
    `select array_agg(distinct v.number_value order by v.number_value) as rpm from product_specification_values v
     join specification_fields f on f.id = v.field_id where f.unit = 'rpm'`,
  );
  expect(spin.rpm).toEqual([1200, 1400, 1600]);
});
