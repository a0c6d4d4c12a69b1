import { openTestDatabase } from '../../test/helpers';

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
