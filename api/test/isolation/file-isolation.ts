/**
 * Shared by two test files: each opens its own database, finds it migrated and holding nothing,
 * writes a row, and never sees the other file's row, whichever ran first or beside it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../src/db/client';
import { openTestDatabase } from '../helpers';

const migrations = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
}).entries.length;

export function describeFileIsolation(fileName: string, otherFileName: string) {
  describe(`a test file's database (${fileName})`, () => {
    it('starts migrated, empty of other files’ data, and keeps what this file writes to itself', async () => {
      const { database, dispose } = await openTestDatabase();
      try {
        const [applied] = await database.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations');
        expect(applied!.count).toBe(migrations);
        expect(await database.query('select slug from stores')).toEqual([]);

        await database.query(`insert into stores (name, slug, url) values ($1, $1, 'https://example.nl')`, [fileName]);
        const slugs = (await database.query<{ slug: string }>('select slug from stores')).map((row) => row.slug);
        expect(slugs).toEqual([fileName]);
        expect(slugs).not.toContain(otherFileName);
      } finally {
        await dispose();
      }
    });
  });
}
