import { openTestDatabase } from '../../test/helpers';
import { forEachBinaryCopyRow, type BinaryCopyRow } from './binary-copy';

/** A database's binary COPY, read back as plain values. */
const QUERY = `select * from (values
    ('P-1'::text, 1, 4503599627370495::bigint),
    ('Kaffeemühle ☕', -7, null),
    (null, 2147483647, -4503599627370495::bigint)
  ) as t(id, n, big)`;
const EXPECTED = [
  ['P-1', 1, 4503599627370495],
  ['Kaffeemühle ☕', -7, null],
  [null, 2147483647, -4503599627370495],
];

const valuesOf = (row: BinaryCopyRow) => [
  row.isNull(0) ? null : row.bytes.toString('utf8', row.starts[0]!, row.starts[0]! + row.lengths[0]!),
  row.int4(1),
  row.isNull(2) ? null : row.int8(2),
];

/** QUERY's binary COPY, as the database sends it. */
async function copiedBytes(): Promise<Buffer> {
  const { database, dispose } = await openTestDatabase();
  const chunks: Uint8Array[] = [];
  for await (const chunk of database.copyOut(QUERY)) chunks.push(chunk);
  await dispose();
  return Buffer.concat(chunks);
}

async function* chunked(bytes: Uint8Array, size: number) {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

describe('binary COPY rows', () => {
  it('reads text, int4 and int8 fields and nulls as the database sent them, however the bytes are cut', async () => {
    const bytes = await copiedBytes();

    // As sent, and cut into chunks of every size from one byte up: a row, its header or a field
    // split between two chunks is read when the rest arrives.
    for (const size of [bytes.length, 1, 2, 3, 5, 7, 13, 64]) {
      const read: unknown[] = [];
      await forEachBinaryCopyRow(chunked(bytes, size), 3, (row) => read.push(valuesOf(row)));
      expect(read).toEqual(EXPECTED);
    }
  });

  it('refuses bytes that are not a whole binary COPY of the fields asked for', async () => {
    const bytes = await copiedBytes();

    const none = () => undefined;
    await expect(forEachBinaryCopyRow(chunked(bytes, 64), 2, none)).rejects.toThrow('A binary COPY row of 3 fields where 2 were expected');
    await expect(forEachBinaryCopyRow(chunked(bytes.subarray(0, bytes.length - 2), 64), 3, none)).rejects.toThrow(
      'A binary COPY that ended before its trailer',
    );
    await expect(forEachBinaryCopyRow(chunked(Buffer.from('id,n\n1,2\n'), 64), 3, none)).rejects.toThrow('Not a binary COPY');
    await expect(forEachBinaryCopyRow(chunked(Buffer.from('id,n\n1,2\n3,4\n5,6\n7,8\n'), 64), 3, none)).rejects.toThrow('Not a binary COPY');
  });
});
