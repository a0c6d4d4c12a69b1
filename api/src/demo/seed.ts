/**
 * Demo data: a believable Dutch catalog generated inside the database with set-based SQL
 * (generate_series), so 600 products take a second and 100,000 products with a million
 * offers take minutes. Node only supplies the category tree, stores and vocabulary.
 * Runs in one transaction: a failed seed leaves nothing behind.
 */
import { OVERIG_SLUG } from '@koopjesland/shared/entities';
import { sql, type SQL } from 'drizzle-orm';
import { hashPassword } from '../features/auth/passwords';
import type { Database } from '../db/client';
import {
  COMMON_PROPERTIES,
  DEFAULT_CATEGORY,
  DELIVERY_TIMES,
  DEMO_PROPERTY_ALIASES,
  DEMO_SPECIFICATIONS,
  DEMO_STORES,
  DEMO_TREE,
  slugify,
} from './catalog';
import { registerShownImages } from '../features/image-copies/copier';
import { demoAccounts, type DemoAccounts } from './credentials';
import { demoSettings } from '../config';
import { normaliseProducts } from '../features/specifications/values';
import { propertyNameKey } from '../features/specifications/normalise';

export interface SeedScale {
  products: number;
  stores: number;
  minOffers: number;
  maxOffers: number;
}

export const SCALES: Record<'small' | 'default' | 'large', SeedScale> = {
  small: { products: 500, stores: 10, minOffers: 2, maxOffers: 8 },
  default: { products: 1000, stores: 10, minOffers: 2, maxOffers: 8 },
  large: { products: 100_000, stores: 40, minOffers: 6, maxOffers: 14 },
};

/** "small" | "default" | "large" | a product count. */
export function parseScale(value: string | undefined): SeedScale {
  if (!value) return SCALES.default;
  if (value in SCALES) return SCALES[value as keyof typeof SCALES];
  const products = Number(value);
  if (!Number.isInteger(products) || products < 1 || products > 1_000_000) {
    throw new Error(`Unknown scale "${value}": use small, default, large or a product count`);
  }
  return { ...SCALES.default, products };
}

export interface SeedResult {
  accounts: DemoAccounts;
  siteConfigurationId: number;
  counts: { categories: number; stores: number; products: number; offers: number; history: number };
  milliseconds: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A stable pseudo-random non-negative integer from an integer expression and a salt. */
const h = (expr: string, salt: number) =>
  `(abs(hashint8((${expr})::bigint * 7919 + ${salt})::bigint) % 2147483647)::int`;

/** Empties every table of the application (not the migration journal), ids restart at 1. */
export async function resetDatabase(db: Database): Promise<void> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  ).map((t) => `"${t.tablename}"`);
  if (tables.length) await db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}

export async function hasAnyData(db: Database): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(
    await db.execute(
      sql`select exists(select 1 from users) or exists(select 1 from categories) or exists(select 1 from products) or exists(select 1 from stores) as any`,
    ),
  );
  return Boolean(row?.any);
}

/** The authors of the demo's store ratings (one per rating of a store, so as many as its most ratings). */
const DEMO_REVIEWERS = [
  'anna.jansen', 'bram.de.vries', 'chantal.bakker', 'daan.visser', 'eva.smit', 'finn.meijer', 'gijs.de.boer', 'hanna.mulder',
  'ilse.de.groot', 'jeroen.bos', 'karin.vos', 'lars.peters', 'maud.hendriks', 'niels.van.dijk', 'olga.dekker', 'pieter.brouwer',
  'quinten.de.wit', 'roos.dijkstra', 'sem.smits', 'tess.de.graaf', 'umut.kaya', 'vera.van.leeuwen', 'willem.kok', 'yara.jacobs',
] as const;

export async function seedDemoData(
  db: Database,
  options: { scale?: SeedScale; reset?: boolean; log?: (message: string) => void; accounts?: DemoAccounts } = {},
): Promise<SeedResult> {
  const scale = options.scale ?? SCALES.default;
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  if (options.reset) await resetDatabase(db);
  else if (await hasAnyData(db)) throw new Error('The database already holds data; seed with --reset to replace it');

  const accounts = options.accounts ?? demoAccounts(demoSettings().passwords);
  const [adminHash, userHash] = await Promise.all([
    hashPassword(accounts.admin.password),
    hashPassword(accounts.user.password),
  ]);

  const result = await db.transaction(async (tx) => {
    const run = (query: SQL) => tx.execute(query);
    const timed = async (label: string, query: SQL) => {
      const t = Date.now();
      await run(query);
      log(`  ${label} (${Date.now() - t} ms)`);
    };

    const users = rowsOf<{ id: number }>(
      await run(sql`insert into users (email, password_hash, is_admin) values
        (${accounts.admin.email}, ${adminHash}, true),
        (${accounts.user.email}, ${userHash}, false) returning id`),
    );
    const demoUserId = users[1]!.id;

    const [site] = rowsOf<{ id: number }>(
      await run(sql`insert into site_configurations
        (title, name, description, domain_names, keywords, meta_description, og_title, og_description, twitter_card)
        values ('Koopjesland', 'Koopjesland',
          'Vergelijk prijzen van duizenden producten en ontdek de grootste prijsdalingen van vandaag.',
          '{localhost,127.0.0.1}', 'prijsvergelijker, aanbiedingen, prijsdalingen, koopjes',
          'Koopjesland vergelijkt prijzen van Nederlandse webwinkels en toont de grootste prijsdalingen.',
          'Koopjesland: de grootste prijsdalingen', 'Vergelijk prijzen en bespaar op elektronica, huishouden en meer.',
          'summary_large_image')
        returning id`),
    );
    const siteId = site!.id;

    // Categories level by level; the leaves go into a temporary table the product SQL joins.
    await run(sql`insert into categories (name, slug, parent_id) values (${DEFAULT_CATEGORY.name}, ${DEFAULT_CATEGORY.slug}, null)`);
    const leaves: object[] = [];
    for (const top of DEMO_TREE) {
      const [topRow] = rowsOf<{ id: number }>(
        await run(sql`insert into categories (name, slug, parent_id) values (${top.name}, ${top.slug}, null) returning id`),
      );
      for (const mid of top.mids) {
        const [midRow] = rowsOf<{ id: number }>(
          await run(sql`insert into categories (name, slug, parent_id) values (${mid.name}, ${mid.slug}, ${topRow!.id}) returning id`),
        );
        for (const leaf of mid.leaves) {
          const [leafRow] = rowsOf<{ id: number }>(
            await run(sql`insert into categories (name, slug, parent_id) values (${leaf.name}, ${leaf.slug}, ${midRow!.id}) returning id`),
          );
          const aliasIds: number[] = [];
          for (const path of [`${top.name} > ${mid.name} > ${leaf.name}`, `${mid.name}/${leaf.noun}`]) {
            const [alias] = rowsOf<{ id: number }>(
              await run(sql`insert into category_aliases (path) values (${path}) returning id`),
            );
            await run(sql`insert into category_alias_categories (alias_id, category_id) values (${alias!.id}, ${leafRow!.id})`);
            aliasIds.push(alias!.id);
          }
          leaves.push({
            idx: leaves.length,
            category_id: leafRow!.id,
            noun: leaf.noun,
            brands: leaf.brands,
            price_min: leaf.price[0] * 100,
            price_max: leaf.price[1] * 100,
            blurb: leaf.blurb,
            props: [...leaf.properties, ...COMMON_PROPERTIES],
            alias_ids: aliasIds,
          });
        }
      }
    }
    const leafCount = leaves.length;
    await run(sql`create temporary table demo_leaf on commit drop as
      select * from jsonb_to_recordset(${JSON.stringify(leaves)}::jsonb)
        as x(idx int, category_id int, noun text, brands text[], price_min int, price_max int, blurb text, props jsonb, alias_ids int[])`);

    // Category settings: nine categories on the homepage, a few hidden from the menu, some shown as rows.
    await run(sql`insert into category_settings (category_id, show_on_home_page, default_sort_by, default_sort_order, subcategory_columns)
      select id, ${siteId}::int, 'manual', 'asc', 4 from categories
      where slug in ('elektronica', 'huishouden', 'wonen', 'sport-vrije-tijd', 'speelgoed-baby', 'audio', 'keuken', 'wassen', 'fietsen')`);
    await run(sql`insert into category_settings (category_id, hide_from_menu)
      select id, true from categories where slug in (${OVERIG_SLUG}, 'fietsverlichting', 'halters')`);
    await run(sql`insert into category_settings (category_id, default_display_type, default_sort_by, default_sort_order)
      select id, 'rows', 'percentageChange', 'asc' from categories where slug in ('laptops', 'smartphones', 'wasmachines', 'oled-televisies')`);

    const storeNames = [...DEMO_STORES];
    for (let i = storeNames.length; i < scale.stores; i += 1) storeNames.push(`Webwinkel ${i + 1}`);
    const stores = storeNames.map((name) => ({ name, slug: slugify(name) }));
    await run(sql`insert into stores (name, slug, url, logo)
      select name, slug, 'https://' || slug || '.example', '/media/stores/' || slug || '.svg'
      from jsonb_to_recordset(${JSON.stringify(stores)}::jsonb) as x(name text, slug text)`);

    const n = scale.products;
    await timed(
      `${n} products`,
      sql.raw(`insert into products (id, slug, name, brand, description, views, created_at, updated_at)
      select g, trim(both '-' from regexp_replace(lower(brand || '-' || noun || '-' || model), '[^a-z0-9]+', '-', 'g')),
        brand || ' ' || noun || ' ' || model, brand,
        noun || ' ' || model || ' van ' || brand || '. ' || blurb || ' Vergelijk de prijzen van ' || brand ||
          ' bij verschillende webwinkels en bestel waar het voordeligst is. Inclusief fabrieksgarantie en de snelste levertijd die de winkels bieden.',
        (power(${h('g', 1)} % 1000, 2) / 200)::int,
        now() - make_interval(days => g % 90, mins => ${h('g', 2)} % 1440),
        now() - make_interval(days => g % 90, mins => ${h('g', 2)} % 1440)
      from (
        select g, l.noun, l.blurb, l.brands[1 + ${h('g', 3)} % cardinality(l.brands)] as brand,
          chr(65 + ${h('g', 4)} % 26) || chr(65 + ${h('g', 5)} % 26) || '-' || (100 + ${h('g', 6)} % 900)::text as model
        from generate_series(1, ${n}) g join demo_leaf l on l.idx = g % ${leafCount}
      ) s`),
    );
    await run(sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);

    await timed(
      'EANs',
      sql.raw(`insert into product_identifiers (product_id, type, value)
      select id, 'EAN', ean12 || ((10 - (select sum(substr(ean12, i, 1)::int * (case when i % 2 = 0 then 3 else 1 end))
                                        from generate_series(1, 12) i) % 10) % 10)::text
      from (select id, '871' || lpad(id::text, 9, '0') as ean12 from products) p`),
    );
    await timed(
      'properties',
      sql.raw(`insert into product_properties (product_id, name, value)
      select p.id, e.prop->>0, (e.prop->1)->>(${h('p.id + e.ord::int', 7)} % jsonb_array_length(e.prop->1))
      from products p join demo_leaf l on l.idx = p.id % ${leafCount}
      cross join lateral jsonb_array_elements(l.props) with ordinality as e(prop, ord)
      where e.ord <= 3 + ${h('p.id', 8)} % 4`),
    );
    await timed(
      'images',
      sql.raw(`insert into product_images (product_id, url, width, height, filename, is_main)
      select p.id, '/media/products/' || p.id || '-' || k || '.svg', 800, 800, p.slug || '-' || k || '.svg', k = 1
      from products p cross join lateral generate_series(1, 1 + ${h('p.id', 9)} % 4) k`),
    );
    await run(sql`update products p set image = i.url, image_id = i.id from product_images i where i.product_id = p.id and i.is_main`);
    await timed(
      'category links',
      sql.raw(`insert into product_categories (product_id, category_id, sort_order)
      select p.id, l.category_id, row_number() over (partition by l.category_id order by p.id)
      from products p join demo_leaf l on l.idx = p.id % ${leafCount}`),
    );
    await run(
      sql.raw(`insert into product_category_aliases (product_id, alias_id)
      select p.id, l.alias_ids[1 + p.id % 2] from products p join demo_leaf l on l.idx = p.id % ${leafCount}`),
    );

    // Specification fields of a few categories, their products' properties under the names
    // different stores use, and the values read from them as a feed run would.
    for (const [alternative, every] of DEMO_PROPERTY_ALIASES.map(([name, alt, n]) => [{ name, alt }, n] as const))
      await run(sql`update product_properties set name = ${alternative.alt} where name = ${alternative.name} and product_id % ${every} = 0`);
    for (const [slug, specFields] of Object.entries(DEMO_SPECIFICATIONS)) {
      for (const [position, field] of specFields.entries()) {
        const [row] = rowsOf<{ id: number; category_id: number }>(
          await run(sql`insert into specification_fields (category_id, name, type, unit, options, position)
            select id, ${field.name}, ${field.type}, ${field.unit ?? null}, ${`{${(field.options ?? []).map((o) => `"${o}"`).join(',')}}`}::text[], ${position}
            from categories where slug = ${slug} returning id, category_id`),
        );
        if (!row) continue;
        for (const name of field.propertyNames)
          await run(sql`insert into specification_property_names (field_id, category_id, name, name_key)
            values (${row.id}, ${row.category_id}, ${name}, ${propertyNameKey(name)})`);
      }
    }
    const specStarted = Date.now();
    const { written } = await normaliseProducts(tx, sql`select id from products`);
    log(`  ${written} specification values (${Date.now() - specStarted} ms)`);

    // Offers. A quarter of the products had every offer cut recently (a price drop), about
    // one in twelve went up, the rest are unchanged since they were listed.
    const offerSpan = scale.maxOffers - scale.minOffers + 1;
    await timed(
      'offers',
      sql.raw(`with s as (select id, url, row_number() over (order by id) - 1 as idx from stores),
      d as (select ord - 1 as idx, t->>0 as label, (t->>1)::int as days
            from jsonb_array_elements('${JSON.stringify(DELIVERY_TIMES).replace(/'/g, "''")}'::jsonb) with ordinality as x(t, ord)),
      o as (
        select p.id as product_id, p.slug, p.created_at, j,
          case when p.id % 4 = 0 then 'drop' when p.id % 12 = 1 then 'rise' else 'same' end as trend,
          ((l.price_min + ${h('p.id', 10)} % greatest(l.price_max - l.price_min, 1))
            * (1 + (${h('p.id * 16 + j', 11)} % 15) / 100.0) / 100)::int * 100 - 1 as amount,
          case when ${h('p.id * 16 + j', 12)} % 5 < 2 then 0 else 195 + (${h('p.id * 16 + j', 13)} % 11) * 50 end as shipping,
          (p.id * 7 + j * 3) % ${scale.stores} as store_idx,
          ${h('p.id * 16 + j', 14)} % ${DELIVERY_TIMES.length} as delivery_idx
        from products p join demo_leaf l on l.idx = p.id % ${leafCount}
        cross join lateral generate_series(0, ${scale.minOffers - 1} + ${h('p.id', 15)} % ${offerSpan}) j
      ),
      priced as (
        select o.*, case trend
            when 'drop' then (amount * (1.08 + (${h('product_id * 16 + j', 16)} % 22) / 100.0) / 100)::int * 100 - 1
            when 'rise' then greatest((amount / (1.03 + (${h('product_id * 16 + j', 17)} % 9) / 100.0) / 100)::int * 100 - 1, 99)
            else amount end as previous_amount
        from o
      )
      insert into prices (product_id, store_id, amount, shipping, total, url, delivery_time, delivery_days, description,
                          price_change, percentage_change, valid_from, last_seen, created_at, updated_at)
      select pr.product_id, s.id, pr.amount, pr.shipping, pr.amount + pr.shipping,
        s.url || '/p/' || pr.slug || '-' || pr.product_id, d.label, d.days,
        case when pr.shipping = 0 then 'Gratis verzending' else 'Op voorraad' end,
        nullif(pr.amount - pr.previous_amount, 0),
        case when pr.amount <> pr.previous_amount
          then round(((pr.amount - pr.previous_amount) * 100.0 / (pr.previous_amount + pr.shipping))::numeric, 1)::real end,
        case when pr.amount <> pr.previous_amount
          then pr.created_at + (now() - pr.created_at) * (0.5 + (${h('pr.product_id * 16 + pr.j', 18)} % 45) / 100.0)
          else pr.created_at end,
        now() - make_interval(mins => ${h('pr.product_id * 16 + pr.j', 20)} % 360),
        pr.created_at, now()
      from priced pr join s on s.idx = pr.store_idx join d on d.idx = pr.delivery_idx`),
    );

    // History: a listing price 90 days back (or when the product appeared), a step on the
    // way, and the current price from valid_from when it changed.
    await timed(
      'price history',
      sql.raw(`insert into price_history (price_id, product_id, store_id, amount, shipping, total, recorded_at)
      select id, product_id, store_id, a, shipping, a + shipping, at from (
        select pr.*, coalesce(pr.price_change, 0) as change,
          pr.amount - coalesce(pr.price_change, 0) as previous_amount from prices pr
      ) p
      cross join lateral (values
        (case when p.change = 0 then p.amount else (p.previous_amount * 1.04 / 100)::int * 100 - 1 end,
         p.created_at),
        (case when p.change = 0 then null else p.previous_amount end, p.created_at + (p.valid_from - p.created_at) / 2),
        (case when p.change = 0 then null else p.amount end, p.valid_from)
      ) v(a, at)
      where v.a is not null`),
    );

    // Each product's summary straight from its offers: lowest now vs. lowest before the last change.
    await timed(
      'price summaries',
      sql.raw(`update product_prices p set
        lowest_price_id = x.lowest_id, lowest_total = x.lowest_total, lowest_store_id = x.lowest_store,
        highest_total = x.highest_total, offer_count = x.offers,
        price_change = nullif(x.lowest_total - x.previous_lowest, 0),
        percentage_change = case when x.lowest_total <> x.previous_lowest
          then round(((x.lowest_total - x.previous_lowest) * 100.0 / x.previous_lowest)::numeric, 1)::real end
      from (
        select product_id,
          (array_agg(id order by total, id))[1] as lowest_id,
          (array_agg(store_id order by total, id))[1] as lowest_store,
          min(total) as lowest_total, max(total) as highest_total, count(*)::int as offers,
          min(total - coalesce(price_change, 0)) as previous_lowest
        from prices where valid_to is null group by product_id
      ) x where x.product_id = p.product_id`),
    );
    await run(sql`update stores set last_price_update = now()`);

    // Every category gets a representative product (its most viewed one, subtree included), so
    // category cards show a real picture as a merchandiser would set it.
    await run(sql`
      with recursive tree as (
        select id as category_id, id as member_id from categories
        union all
        select tree.category_id, c.id from tree join categories c on c.parent_id = tree.member_id
      ),
      best as (
        select distinct on (tree.category_id) tree.category_id, p.id as product_id
        from tree
        join product_categories pc on pc.category_id = tree.member_id
        join products p on p.id = pc.product_id and p.image is not null
        order by tree.category_id, p.views desc, p.id
      )
      insert into category_settings (category_id, representative_product_id)
      select category_id, product_id from best
      on conflict (category_id) do update set representative_product_id = excluded.representative_product_id`);

    // The ratings' authors: accounts that cannot sign in (no password hash verifies '!'), so an
    // admin sees who wrote each rating and "Deleted user" only where an account was removed.
    // A store gets at most one rating per author (the unique index) and at most 24 ratings.
    await run(
      // Signed up before their ratings (at most 90 days old), so the newest accounts an admin
      // sees first are the demo's own.
      sql.raw(`insert into users (email, password_hash, is_admin, created_at, updated_at)
      select (array[${DEMO_REVIEWERS.map((name) => `'${name}'`).join(', ')}])[n] || '@klant.example', '!', false,
        now() - make_interval(days => 100 + n), now() - make_interval(days => 100 + n)
      from generate_series(1, ${DEMO_REVIEWERS.length}) n`),
    );
    await run(
      sql.raw(`insert into store_ratings (store_id, user_id, rating, comment, created_at, updated_at)
      select s.id, (select id from users where email = (array[${DEMO_REVIEWERS.map((name) => `'${name}'`).join(', ')}])[k] || '@klant.example'),
        3 + ${h('s.id * 50 + k', 21)} % 3,
        (array['Snel geleverd, netjes verpakt.', 'Goede service en duidelijke communicatie.', 'Prima prijs, levering duurde iets langer.',
               'Retourneren ging zonder problemen.', 'Aanrader!'])[1 + ${h('s.id * 50 + k', 22)} % 5],
        written.at, written.at
      from stores s cross join lateral generate_series(1, 5 + ${h('s.id', 24)} % 20) k
      cross join lateral (select now() - make_interval(days => ${h('s.id * 50 + k', 23)} % 90) as at) written`),
    );
    await run(sql`insert into wishlist_items (user_id, product_id, max_price)
      select ${demoUserId}::int, p.id, (pp.lowest_total * 0.75)::int from products p join product_prices pp on pp.product_id = p.id
      where pp.lowest_total is not null order by p.views desc limit 5`);

    // The drawings go through the image copier like a store's images: the worker makes their WebP
    // copies after start, and pages show the placeholder until then.
    await registerShownImages(tx);

    const [counts] = rowsOf<SeedResult['counts']>(
      await run(sql`select (select count(*)::int from categories) as categories, (select count(*)::int from stores) as stores,
        (select count(*)::int from products) as products, (select count(*)::int from prices) as offers,
        (select count(*)::int from price_history) as history`),
    );
    return { siteConfigurationId: siteId, counts: counts! };
  });
  await db.execute(sql`analyze`);
  return { ...result, accounts, milliseconds: Date.now() - started };
}
