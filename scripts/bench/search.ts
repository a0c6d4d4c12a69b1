/**
 * Typo recall of search on the demo catalogue: for every brand and product type of the demo
 * (brands with a word of five letters or more, the length from which search forgives a typo),
 * queries "<brand with one typo> <type>" of each kind (two neighbouring letters swapped, a
 * letter dropped, replaced, inserted) and the exact query, and counts a hit when a product of
 * that brand is among the first 10 results. Prints recall per kind through the API (with typo
 * correction) beside the same list query without it, and the exact queries' recall.
 *
 *   npm run bench:search                 # default demo catalogue (1,000 products), seed 2026
 *   npm run bench:search -- --seed 7 --per-pair 5 --scale 5000
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { openDatabase } from '../../api/src/db/client';
import { selectRows } from '../../api/src/db/sql';
import { parseScale, seedDemoData } from '../../api/src/demo/seed';
import { listProducts } from '../../api/src/features/products/product-list';
import { MIN_TYPO_WORD_LENGTH } from '../../api/src/features/products/search-corrections';
import { benchOption } from './cli';
import { seeded } from './seeded-random';

const SEED = Number(benchOption('seed') ?? 2026);
const PER_PAIR = Number(benchOption('per-pair') ?? 3);
const TOP = 10;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';


type Kind = 'swap' | 'drop' | 'replace' | 'insert';
const KINDS: Kind[] = ['swap', 'drop', 'replace', 'insert'];

function withTypo(word: string, kind: Kind, random: () => number): string {
  const at = (limit: number) => Math.floor(random() * limit);
  const letterOtherThan = (current: string) => {
    for (;;) {
      const letter = LETTERS[at(LETTERS.length)]!;
      if (letter !== current.toLowerCase()) return letter;
    }
  };
  for (;;) {
    let typed: string;
    if (kind === 'swap') {
      const i = at(word.length - 1);
      typed = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    } else if (kind === 'drop') {
      const i = at(word.length);
      typed = word.slice(0, i) + word.slice(i + 1);
    } else if (kind === 'replace') {
      const i = at(word.length);
      typed = word.slice(0, i) + letterOtherThan(word[i]!) + word.slice(i + 1);
    } else {
      const i = at(word.length + 1);
      typed = word.slice(0, i) + LETTERS[at(LETTERS.length)] + word.slice(i);
    }
    if (typed.toLowerCase() !== word.toLowerCase()) return typed;
  }
}

/** The brand with a typo in its longest word (the one long enough to be forgiven). */
function brandWithTypo(brand: string, kind: Kind, random: () => number): string {
  const words = brand.split(' ');
  const longest = words.reduce((best, word, index) => (word.length > words[best]!.length ? index : best), 0);
  return words.map((word, index) => (index === longest ? withTypo(word, kind, random) : word)).join(' ');
}

async function main(): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedDemoData(database.db, { scale: parseScale(benchOption('scale')), log: () => undefined });
  const app = await buildApp({ config: loadConfig({ jwtSecret: 'bench-search', runScheduler: false, databaseUrl: undefined }), database });
  await app.ready();
  // Demo names are "<brand> <type> <model>" (api/src/demo/seed.ts).
  const pairs = await selectRows<{ brand: string; noun: string }>(
    database.db,
    sql`select distinct p.brand, regexp_replace(substr(p.name, length(p.brand) + 2), ' [^ ]+$', '') as noun
      from products p where p.brand is not null order by 1, 2`,
  );
  const eligible = pairs.filter((pair) => pair.brand.split(' ').some((word) => word.length >= MIN_TYPO_WORD_LENGTH));
  const random = seeded(SEED);

  const brandsOf = (products: { brand: string | null }[]) => products.slice(0, TOP).map((product) => product.brand);
  const throughApi = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/products?limit=${TOP}&search=${encodeURIComponent(query)}` });
    return brandsOf((response.json() as { products: { brand: string | null }[] }).products);
  };
  const withoutCorrection = async (query: string) =>
    brandsOf((await listProducts(database.db, { page: 1, limit: TOP, sortBy: 'relevance', sortOrder: 'desc', search: query })).products);

  console.log(`Demo catalogue, ${eligible.length} brand × type pairs with a brand word of ≥ ${MIN_TYPO_WORD_LENGTH} letters, ${PER_PAIR} queries per pair and kind, seed ${SEED}\n`);
  console.log(`${'kind'.padEnd(10)}${'queries'.padStart(9)}${'recall'.padStart(10)}${'without correction'.padStart(21)}`);
  for (const kind of [...KINDS, 'exact' as const]) {
    let queries = 0;
    let hits = 0;
    let hitsWithout = 0;
    for (const pair of eligible) {
      for (let n = 0; n < (kind === 'exact' ? 1 : PER_PAIR); n++) {
        const query = `${kind === 'exact' ? pair.brand : brandWithTypo(pair.brand, kind, random)} ${pair.noun}`;
        queries += 1;
        if ((await throughApi(query)).includes(pair.brand)) hits += 1;
        if ((await withoutCorrection(query)).includes(pair.brand)) hitsWithout += 1;
      }
    }
    const percent = (count: number) => `${((count / queries) * 100).toFixed(1)} %`;
    console.log(`${kind.padEnd(10)}${String(queries).padStart(9)}${percent(hits).padStart(10)}${percent(hitsWithout).padStart(21)}`);
  }
  await specificationQueries(database.db, async (query) => {
    const response = await app.inject({ method: 'GET', url: `/api/products?limit=${TOP}&search=${encodeURIComponent(query)}` });
    return (response.json() as { products: { id: number }[] }).products.map((product) => product.id);
  });
  await app.close();
  await database.close();
}

/**
 * Searches naming a specification ("wasmachines 8 kg", "oled televisies 55 inch"): for every
 * value of every number field of the demo's specification categories, "<category> <value> <unit>"
 * should rank first the products of that category holding that value (up to 10 of them). A query
 * is a hit when its top results are exactly such products.
 */
async function specificationQueries(db: Parameters<typeof selectRows>[0], search: (query: string) => Promise<number[]>) {
  const cases = await selectRows<{ category: string; unit: string; value: number; ids: number[] }>(
    db,
    sql`select lower(c.name) as category, f.unit, v.number_value as value, array_agg(v.product_id order by v.product_id) as ids
      from product_specification_values v join specification_fields f on f.id = v.field_id join categories c on c.id = f.category_id
      join product_categories pc on pc.product_id = v.product_id and pc.category_id = c.id
      where f.type = 'number' and v.number_value is not null
      group by c.name, f.unit, v.number_value order by 1, 2, 3`,
  );
  let hits = 0;
  const misses: string[] = [];
  for (const item of cases) {
    const query = `${item.category} ${String(item.value).replace('.', ',')} ${item.unit}`;
    const top = await search(query);
    const expected = Math.min(TOP, item.ids.length);
    if (top.length >= expected && top.slice(0, expected).every((id) => item.ids.includes(id))) hits += 1;
    else misses.push(query);
  }
  console.log(`\nSpecification queries ("<category> <value> <unit>"): ${cases.length}, top results holding the value: ${((hits / Math.max(cases.length, 1)) * 100).toFixed(1)} %`);
  if (misses.length) console.log(`  missed: ${misses.slice(0, 10).join('; ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
