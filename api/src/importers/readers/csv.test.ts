/**
 * The CSV reader against csv-parse (with the options the reader used before it had a parser of
 * its own): the same records, positions and unparseable lines on awkward input, however the
 * input is cut into chunks; a malformed file fails both, with the line in the reason.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { FeedFailure } from '../source';
import type { CarriedItem, ReadItem } from '../types';
import { readCsv, readCsvBatches, type CsvOptions } from './csv';

/** What the reader yields, in a comparable shape. */
type Seen = { position: number; record?: Record<string, string[]>; error?: string; value?: string | null };

function shape(item: Exclude<ReadItem, CarriedItem>): Seen {
  if ('error' in item) return { position: item.position, error: item.problem.reason, value: item.problem.value };
  return { position: item.position, record: Object.fromEntries(item.record) };
}

/** The reader as it was (csv-parse). */
async function reference(text: string, quoted: boolean, delimiter = ','): Promise<Seen[]> {
  const parser = Readable.from([Buffer.from(text)]).pipe(
    parse({
      delimiter,
      columns: (names: string[]) => names.map((n) => n.trim()),
      bom: true,
      quote: quoted ? '"' : false,
      relax_quotes: !quoted,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      raw: true,
    }),
  );
  const seen: Seen[] = [];
  for await (const item of parser as AsyncIterable<{ record: Record<string, string>; raw: string; info: { lines: number; error?: unknown } }>) {
    if (item.info.error) {
      seen.push({ position: item.info.lines, error: 'unparseable-line', value: item.raw.replace(/\r?\n$/, '').slice(0, 200) });
      continue;
    }
    const record: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(item.record)) if (value !== '') record[key] = [value];
    seen.push({ position: item.info.lines, record });
  }
  return seen;
}

/** The reader, the text cut into chunks of `size` bytes. */
async function ours(text: string, quoted: boolean, size: number, delimiter = ','): Promise<Seen[]> {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const seen: Seen[] = [];
  const stream = Readable.from(chunks, { objectMode: false });
  for await (const item of readCsv(stream, { delimiter, quoted, firstChunk: text.slice(0, size) })) seen.push(shape(item));
  return seen;
}

const SAMPLES: Record<string, string> = {
  plain: 'id,name,price\n1,Koffie,2.50\n2,Thee,1.95\n',
  'no newline at the end': 'id,name,price\n1,Koffie,2.50\n2,Thee,1.95',
  crlf: 'id,name,price\r\n1,Koffie,2.50\r\n2,Thee,1.95\r\n',
  'lone CR': 'id,name,price\r1,Koffie,2.50\r2,Thee,1.95\r',
  bom: '\uFEFFid,name,price\n1,Koffie,2.50\n',
  'quoted fields, doubled quotes and delimiters inside': 'id,name,price\n1,"Koffie, sterk","2,50"\n2,"Zeg ""kaas""",1.95\n3,"",4\n',
  'newlines inside quotes': 'id,name,price\n1,"Regel een\nregel twee",2.50\n2,"a\r\nb\r\nc",1\n3,x,1\n',
  'empty lines': '\nid,name,price\n\n1,Koffie,2.50\n\n\n2,Thee,1.95\n\n',
  'empty lines with crlf': 'id,name,price\r\n\r\n1,Koffie,2.50\r\n\r\n',
  'too few and too many fields': 'id,name,price\n1,Koffie\n2,Thee,1.95,extra\n3,Water,0.50\n"",\n""\n',
  'empty values and a trailing delimiter': 'id,name,price\n1,,\n,Thee,\n2,x,1,\n',
  'header names trimmed and repeated': ' id , name,name\n1,a,b\n2,c,\n',
  'unicode and CR inside a field': 'id,name\n1,Crème brûlée\n2,a\rb\n3,€ 5\n',
  'quoted header': '"id","name"\n"1","x"\n',
};

describe('CSV reader', () => {
  it.each(Object.entries(SAMPLES))('reads %s as csv-parse did, in any chunks', async (_name, text) => {
    const expected = await reference(text, true);
    for (const size of [1, 2, 3, 7, 64, 1 << 16]) expect({ size, seen: await ours(text, true, size) }).toEqual({ size, seen: expected });
  });

  it('reads unquoted tab-separated text as csv-parse did (quotes are plain characters)', async () => {
    const text = 'id\ttitle\tprice\n1\t12" pizza\t9.95\n2\t"Zeg" kaas\t1\n3\tx\n';
    const expected = await reference(text, false, '\t');
    for (const size of [1, 5, 1 << 16]) expect(await ours(text, false, size, '\t')).toEqual(expected);
  });

  it('reads a long file cut anywhere', async () => {
    let text = 'id,name,description,price\n';
    for (let n = 1; n <= 3000; n++) text += n % 97 === 0 ? `${n},"Naam ${n}","Twee\nregels, ""met"" quotes",${n}.99\n` : `${n},Naam ${n},Omschrijving ${n},${n}.99\n`;
    const expected = await reference(text, true);
    for (const size of [333, 4096]) expect(await ours(text, true, size)).toEqual(expected);
  });

  it.each(Object.entries(SAMPLES))('carries the records of %s a run has seen by their text, at their positions, in any chunks', async (_name, text) => {
    // Each record's text (with its columns) as a number, as the run's record hashes are.
    const texts = new Map<string, number>();
    const hashOf = (columns: readonly string[], record: string) => {
      const key = `${columns.join('\u0001')}\u0000${record}`;
      if (!texts.has(key)) texts.set(key, texts.size + 1);
      return texts.get(key)!;
    };
    const read = async (size: number, carried: Set<number>) => {
      const bytes = Buffer.from(text);
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const seen: ((Seen & { hash?: number }) | { position: number; carried: true; hash?: undefined })[] = [];
      const records: CsvOptions['records'] = { hash: hashOf, carried: (hash) => carried.has(hash) };
      for await (const batch of readCsvBatches(Readable.from(chunks, { objectMode: false }), { delimiter: ',', quoted: true, firstChunk: text.slice(0, size), records })) {
        for (const item of batch) seen.push('carried' in item ? item : { ...shape(item), ...('hash' in item ? { hash: item.hash } : {}) });
      }
      return seen;
    };
    const expected = await reference(text, true);
    const first = await read(1 << 16, new Set());
    expect(first.map(({ hash: _hash, ...item }) => item)).toEqual(expected);
    // The next run has seen them all: every whole record is carried where it was, every other line read as before.
    const hashes = new Set(first.flatMap((item) => (item.hash === undefined ? [] : [item.hash])));
    const carriedAgain = expected.map((item) => ('record' in item ? { position: item.position, carried: true } : item));
    for (const size of [1, 2, 3, 7, 64, 1 << 16]) {
      expect({ size, seen: await read(size, new Set()) }).toEqual({ size, seen: first });
      expect({ size, seen: await read(size, hashes) }).toEqual({ size, seen: carriedAgain });
    }
  });

  it.each([
    ['an unclosed quote', 'id,name,price\n1,x,1\n2,"open,1\n3,y,2\n'],
    ['a quote inside an unquoted field', 'id,name,price\n1,ab"c,1\n'],
    ['text after a closing quote', 'id,name,price\n1,"ab"c,1\n'],
  ])('fails on %s, naming the line, as csv-parse did', async (_name, text) => {
    await expect(reference(text, true)).rejects.toThrow();
    for (const size of [1, 5, 1 << 16]) {
      const error = await ours(text, true, size).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FeedFailure);
      expect((error as Error).message).toMatch(/^Malformed CSV: [a-z ]+ at line \d+$/);
    }
  });
});
