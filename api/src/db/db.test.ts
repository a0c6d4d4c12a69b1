import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/helpers';
import { selectPreparedRows } from './sql';

describe('database', () => {
  it('migrates and finds Dutch text by full text and by trigram similarity', async () => {
    const { database, dispose } = await openTestDatabase();
    await database.query(`insert into products (slug, name, brand) values ('a', 'Bosch Serie 6 wasmachine', 'Bosch')`);
    const stemmed = await database.query<{ name: string }>(
      `select name from products where search_vector @@ websearch_to_tsquery('dutch', $1)`,
      ['wasmachine'],
    );
    expect(stemmed.map((r) => r.name)).toEqual(['Bosch Serie 6 wasmachine']);
    const fuzzy = await database.query<{ name: string }>(
      `select name from products where word_similarity($1, name) > 0.3`,
      ['wasmachien'],
    );
    expect(fuzzy).toHaveLength(1);
    await dispose();
  });
});

describe('selectPreparedRows', () => {
  it('answers each call with its own values, for every shape of a statement', async () => {
    const { database, dispose } = await openTestDatabase();
    await database.query(`insert into products (slug, name, brand) values ('a', 'Bosch wasmachine', 'Bosch'), ('b', 'Miele droger', 'Miele')`);
    const byBrand = (brand: string) => selectPreparedRows<{ slug: string }>(database.db, sql`select slug from products where brand = ${brand} order by slug`);
    const bySlugs = (slugs: string[]) =>
      selectPreparedRows<{ name: string }>(database.db, sql`select name from products where slug = any(${`{${slugs.join(',')}}`}::text[]) order by name`);
    // More calls than PostgreSQL makes custom plans for before it considers the generic one.
    for (let call = 0; call < 7; call++) {
      expect(await byBrand('Bosch')).toEqual([{ slug: 'a' }]);
      expect(await byBrand('Miele')).toEqual([{ slug: 'b' }]);
    }
    expect(await byBrand('Samsung')).toEqual([]);
    expect(await bySlugs(['a', 'b'])).toEqual([{ name: 'Bosch wasmachine' }, { name: 'Miele droger' }]);
    await dispose();
  });
});
