/**
 * Streaming CSV/TSV reader (csv-parse): a header row names the columns; the delimiter is
 * detected from the header unless set. A structurally broken file (unclosed quote) fails the
 * run; a row with a different number of fields is an unparseable line and an oversized field
 * rejects its record (the run goes on, within its share of invalid records).
 */
import type { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { FeedFailure } from '../source';
import type { FlatRecord, ReadItem } from '../types';
import { MAX_FIELD_CHARS, TOO_LARGE } from './limits';

const CANDIDATES = [',', ';', '\t', '|'];

export function detectDelimiter(headerLine: string): string {
  let best = ',';
  let bestCount = 0;
  for (const candidate of CANDIDATES) {
    const count = headerLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

export async function* readCsv(
  stream: Readable,
  options: { delimiter?: string; quoted?: boolean; encoding?: BufferEncoding; firstChunk: string },
): AsyncGenerator<ReadItem> {
  const header = options.firstChunk.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = options.delimiter ?? detectDelimiter(header);
  const parser = stream.pipe(
    parse({
      delimiter,
      columns: (names: string[]) => names.map((n) => n.trim()),
      bom: true,
      encoding: options.encoding ?? 'utf8',
      quote: options.quoted === false ? false : '"',
      relax_quotes: options.quoted === false,
      skip_empty_lines: true,
      max_record_size: 64 * 1024 ** 2,
      relax_column_count: true,
      info: true,
      raw: true,
    }),
  );
  stream.on('error', (error) => parser.destroy(error));
  try {
    for await (const item of parser as AsyncIterable<{
      record: Record<string, string>;
      raw: string;
      info: { lines: number; error?: unknown };
    }>) {
      const position = item.info.lines;
      if (item.info.error) {
        const value = item.raw.replace(/\r?\n$/, '').slice(0, 200);
        yield { position, error: 'The line does not have the header\'s number of fields', problem: { reason: 'unparseable-line', value } };
        continue;
      }
      const record: FlatRecord = new Map();
      let oversized = false;
      for (const [key, value] of Object.entries(item.record)) {
        if (value.length > MAX_FIELD_CHARS) oversized = true;
        else if (value !== '') record.set(key, [value]);
      }
      yield oversized ? { position, ...TOO_LARGE } : { position, record };
    }
  } catch (error) {
    if (error instanceof FeedFailure) throw error;
    // The parser's own message quotes the offending field; a run's error names only the place and the kind.
    if (error instanceof CsvError) throw new FeedFailure(`Malformed CSV: ${describeCsvError(error)}`);
    throw new FeedFailure(`Reading the CSV failed: ${(error as Error).message}`);
  }
}

/** "CSV_INVALID_OPENING_QUOTE" at line 3 → "invalid opening quote at line 3". */
function describeCsvError(error: CsvError): string {
  const kind = error.code.replace(/^CSV_/, '').toLowerCase().replaceAll('_', ' ');
  const line = (error as CsvError & { lines?: number }).lines;
  return line ? `${kind} at line ${line}` : kind;
}
