/**
 * Streaming CSV/TSV reader: a header row names the columns; the delimiter is detected from the
 * header unless set. A structurally broken file (unclosed quote, a quote inside an unquoted
 * field, text after a closing quote) fails the run; a row with a different number of fields is
 * an unparseable line and an oversized field rejects its record (the run goes on, within its
 * share of invalid records).
 *
 * A parser of its own (csv-parse's per-record overhead was a large share of an import's Node time),
 * reading decoded text a chunk at a time and yielding the records of each chunk together. It
 * follows what csv-parse did with the options this reader used (`bom`, `skip_empty_lines`,
 * `relax_column_count`, the record delimiter found first: "\r\n", "\n" or "\r"; `""` inside a
 * quoted field; no quoting at all for formats that never quote), including how it numbers
 * lines (a record's position is the line it ends on; inside quotes every CR and LF counts);
 * `csv.test.ts` compares the two on awkward input.
 */
import type { Readable } from 'node:stream';
import { FeedFailure } from '../source';
import type { CarriedItem, FlatRecord, ReadItem } from '../types';
import { MAX_FIELD_CHARS, TOO_LARGE } from './limits';
import { textDecoderFor } from './text-encoding';

const CANDIDATES = [',', ';', '\t', '|'];
/** The longest record read (as csv-parse's `max_record_size` did): a larger one fails the run. */
const MAX_RECORD_CHARS = 64 * 1024 ** 2;

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

export interface CsvOptions {
  delimiter?: string;
  quoted?: boolean;
  /** A WHATWG encoding name (text-encoding.ts); a byte order mark at the start is dropped. */
  encoding?: string;
  /** The start of the file, decoded: its header row chooses the delimiter. */
  firstChunk: string;
  /**
   * Each record's hash from its text and the columns (the run's record hashes), and whether the
   * run carries the record with that hash: a carried record is yielded without its fields.
   */
  records?: {
    hash(columns: readonly string[], text: string): number;
    carried(hash: number, position: number): boolean;
  };
}

/** Reads the stream and yields its records one at a time. */
export async function* readCsv(stream: Readable, options: Omit<CsvOptions, 'records'>): AsyncGenerator<Exclude<ReadItem, CarriedItem>> {
  // Without `records` no record is carried.
  for await (const batch of readCsvBatches(stream, options)) yield* batch as Exclude<ReadItem, CarriedItem>[];
}

/** The first CR or LF at or after `from` that is not part of a record delimiter (CRLF, LF or CR); the text's length when none. */
function nextLineBreak(text: string, from: number, recordDelimiter: string): number {
  const none = (at: number) => (at < 0 ? text.length : at);
  if (recordDelimiter === '\n') return none(text.indexOf('\r', from));
  if (recordDelimiter === '\r') return none(text.indexOf('\n', from));
  for (let at = from; ; ) {
    const lf = none(text.indexOf('\n', at));
    const cr = none(text.indexOf('\r', at));
    // A CR followed by its LF is the record delimiter, not a break inside a field.
    if (cr < lf && text.charCodeAt(cr + 1) === 10) {
      at = cr + 2;
      continue;
    }
    return Math.min(lf, cr);
  }
}

const malformed = (kind: string, line: number) => new FeedFailure(`Malformed CSV: ${kind} at line ${line}`);

/**
 * The parser's state between chunks: the text not yet read as whole records, and where the
 * next attempt may start (a record longer than a chunk is not rescanned for every chunk).
 */
class CsvParser {
  private columns: string[] | null = null;
  private uniqueColumns = true;
  private recordDelimiter: string | null = null;
  /** Line number of the text's start (1-based, as csv-parse counts). */
  private line = 1;
  private text = '';
  /** A record that did not end in the text: parsing waits until the text is this long. */
  private waitFor = 0;
  /** In `text`, for `recordEnd`: the next CR or LF that is not part of a record delimiter, and the next quote; its length when none. */
  private nextBreak = -1;
  private nextQuote = -1;

  constructor(
    private readonly delimiter: string,
    private readonly quoted: boolean,
    private readonly records?: CsvOptions['records'],
  ) {}

  /** Adds decoded text; answers the items of every record it completed. */
  push(chunk: string, end: boolean, out: ReadItem[]): void {
    this.text = this.text ? this.text + chunk : chunk;
    if (!end && this.text.length < this.waitFor) return;
    this.parse(end, out);
  }

  private discoverRecordDelimiter(): boolean {
    // The first CR or LF outside quotes, as csv-parse's auto discovery.
    const text = this.text;
    let quoting = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.quoted && c === 34) quoting = !quoting;
      else if (!quoting && (c === 13 || c === 10)) {
        if (c === 10) this.recordDelimiter = '\n';
        else if (i + 1 < text.length) this.recordDelimiter = text.charCodeAt(i + 1) === 10 ? '\r\n' : '\r';
        else return false;
        return true;
      }
    }
    return false;
  }

  private parse(end: boolean, out: ReadItem[]): void {
    if (this.recordDelimiter === null && !this.discoverRecordDelimiter()) {
      if (!end) {
        this.waitFor = this.text.length * 2;
        return;
      }
      this.recordDelimiter = '\n';
    }
    const text = this.text;
    const length = text.length;
    let line = this.line;
    let pos = 0;
    const rdLength = this.recordDelimiter!.length;
    this.nextBreak = -1;
    this.nextQuote = -1;
    const carrier = this.delimiter.length === 1 ? this.records : undefined;
    while (pos < length) {
      // A record the run may carry is found by its text alone, before its fields are split.
      let hash: number | undefined;
      const found = carrier && this.columns ? this.recordEnd(text, pos, line) : undefined;
      if (found && found.next - pos > rdLength && found.next - pos <= MAX_RECORD_CHARS) {
        hash = carrier!.hash(this.columns!, text.slice(pos, found.next));
        if (carrier!.carried(hash, found.line)) {
          out.push({ position: found.line, carried: true });
          line = found.line + 1;
          pos = found.next;
          continue;
        }
      }
      const record = this.readRecord(text, pos, line, end);
      if (!record) {
        // The record goes on in the next chunk: keep it, read it again once the text doubled.
        if (length - pos > MAX_RECORD_CHARS) throw malformed('max record size', line);
        this.text = text.slice(pos);
        this.line = line;
        this.waitFor = (length - pos) * 2;
        return;
      }
      if (record.next - pos > MAX_RECORD_CHARS) throw malformed('max record size', record.line);
      // An empty line (nothing before its record delimiter) is skipped; its line still counts.
      const empty = record.fields.length === 1 && record.fields[0] === '' && !record.quoted;
      if (!empty) this.emit(record.fields, text, pos, record.next, record.line, out, record.next === found?.next ? hash : undefined);
      line = record.line + (record.delimited ? 1 : 0);
      pos = record.next;
    }
    this.text = '';
    this.line = line;
    this.waitFor = 0;
  }

  /**
   * One record from `start`: its fields, where the next begins, the line it ends on and whether
   * a record delimiter ended it; null when the text ends first (and more is coming).
   */
  private readRecord(
    text: string,
    start: number,
    startLine: number,
    end: boolean,
  ): { fields: string[]; next: number; line: number; quoted: boolean; delimited: boolean } | null {
    const length = text.length;
    const delimiter = this.delimiter;
    const delimiterCode = delimiter.charCodeAt(0);
    const singleDelimiter = delimiter.length === 1;
    const recordDelimiter = this.recordDelimiter!;
    const rd0 = recordDelimiter.charCodeAt(0);
    const rdLength = recordDelimiter.length;
    const isRecordDelimiter = (at: number) => text.charCodeAt(at) === rd0 && (rdLength === 1 || text.startsWith(recordDelimiter, at));
    const fields: string[] = [];
    let line = startLine;
    let quoted = false;
    let i = start;
    for (;;) {
      if (this.quoted && i < length && text.charCodeAt(i) === 34) {
        // A quoted field: up to the closing quote, "" being one quote.
        quoted = true;
        let value = '';
        let from = i + 1;
        let close = -1;
        for (let j = from; j < length; ) {
          const q = text.indexOf('"', j);
          if (q < 0) break;
          if (q + 1 >= length && !end) break; // a quote at the end of the text may be the first of "".
          if (q + 1 < length && text.charCodeAt(q + 1) === 34) {
            value += text.slice(from, q + 1);
            from = j = q + 2;
            continue;
          }
          value += text.slice(from, q);
          close = q;
          break;
        }
        const contentEnd = close < 0 ? length : close;
        for (let k = i + 1; k < contentEnd; k++) {
          const c = text.charCodeAt(k);
          if (c === 13 || c === 10) line++;
        }
        if (close < 0) {
          if (!end) return null;
          throw malformed('quote not closed', line);
        }
        fields.push(value);
        i = close + 1;
        if (i >= length) {
          if (!end) return null;
          return { fields, next: length, line, quoted, delimited: false };
        }
        if (text.startsWith(delimiter, i)) {
          i += delimiter.length;
          if (i >= length) {
            if (!end) return null;
            fields.push('');
            return { fields, next: length, line, quoted, delimited: false };
          }
          continue;
        }
        if (isRecordDelimiter(i)) return { fields, next: i + rdLength, line, quoted, delimited: true };
        if (!end && i + rdLength > length && recordDelimiter.startsWith(text.slice(i))) return null;
        throw malformed('invalid closing quote', line);
      }
      // An unquoted field: up to the next delimiter or record delimiter.
      let k = i;
      let stop = -1;
      let atRecordEnd = false;
      for (; k < length; k++) {
        const c = text.charCodeAt(k);
        if (c === delimiterCode && (singleDelimiter || text.startsWith(delimiter, k))) {
          stop = k;
          break;
        }
        if (c === rd0 && (rdLength === 1 || text.startsWith(recordDelimiter, k))) {
          stop = k;
          atRecordEnd = true;
          break;
        }
        if (c === 34 && this.quoted) throw malformed('invalid opening quote', line);
        if (c === 13 || c === 10) line++;
      }
      if (stop < 0) {
        if (!end) return null;
        // The file's last record, without a record delimiter after it.
        fields.push(text.slice(i, length));
        return { fields, next: length, line, quoted, delimited: false };
      }
      fields.push(text.slice(i, stop));
      if (atRecordEnd) return { fields, next: stop + rdLength, line, quoted, delimited: true };
      i = stop + delimiter.length;
      if (i >= length) {
        if (!end) return null;
        fields.push('');
        return { fields, next: length, line, quoted, delimited: false };
      }
    }
  }

  /**
   * Where the record from `start` ends (after its record delimiter) and the line it ends on, found
   * without splitting its fields: what a carried record needs. Null when the text ends first, or
   * for anything the full reading must judge (a line break inside a field, an odd number of
   * quotes). An even number of quotes before the first record delimiter means that delimiter is
   * outside quotes, so it ends the record; whether the record is well-formed does not matter here,
   * as only a record read whole before is carried, and the same text reads the same way.
   */
  private recordEnd(text: string, start: number, startLine: number): { next: number; line: number } | null {
    const recordDelimiter = this.recordDelimiter!;
    const end = text.indexOf(recordDelimiter, start);
    if (end < 0) return null;
    // Both searches go on from where the last record's stopped: a text without quotes (or line
    // breaks inside fields) is searched once, not once per record.
    if (this.quoted) {
      let quotes = 0;
      let q = this.nextQuote < start ? text.indexOf('"', start) : this.nextQuote;
      for (; q >= 0 && q < end; q = text.indexOf('"', q + 1)) quotes++;
      this.nextQuote = q < 0 ? text.length : q;
      if (quotes % 2 === 1) return null;
    }
    // A CR or LF that is not the record delimiter counts a line: the full reading numbers those.
    if (this.nextBreak < start) this.nextBreak = nextLineBreak(text, start, recordDelimiter);
    if (this.nextBreak < end) return null;
    return { next: end + recordDelimiter.length, line: startLine };
  }

  private emit(fields: string[], text: string, start: number, end: number, line: number, out: ReadItem[], knownHash?: number): void {
    const columns = this.columns;
    if (!columns) {
      this.columns = fields.map((name) => name.trim());
      this.uniqueColumns = new Set(this.columns).size === this.columns.length;
      return;
    }
    if (fields.length !== columns.length) {
      const value = text.slice(start, end).replace(/\r?\n$/, '').slice(0, 200);
      out.push({ position: line, error: "The line does not have the header's number of fields", problem: { reason: 'unparseable-line', value } });
      return;
    }
    let hash: number | undefined;
    if (knownHash !== undefined) hash = knownHash;
    else if (this.records) {
      hash = this.records.hash(columns, text.slice(start, end));
      if (this.records.carried(hash, line)) {
        out.push({ position: line, carried: true });
        return;
      }
    }
    let values: Iterable<[string, string]> | null = null;
    if (!this.uniqueColumns) {
      // Later columns of the same name win, as they did in csv-parse's record objects.
      const named = new Map<string, string>();
      for (let c = 0; c < fields.length; c++) named.set(columns[c]!, fields[c]!);
      values = named;
    }
    const record: FlatRecord = new Map();
    let oversized = false;
    if (values) {
      for (const [key, value] of values) {
        if (value.length > MAX_FIELD_CHARS) oversized = true;
        else if (value !== '') record.set(key, [value]);
      }
    } else {
      for (let c = 0; c < fields.length; c++) {
        const value = fields[c]!;
        if (value.length > MAX_FIELD_CHARS) oversized = true;
        else if (value !== '') record.set(columns[c]!, [value]);
      }
    }
    out.push(oversized ? { position: line, ...TOO_LARGE } : { position: line, record, hash });
  }
}

/** Reads the stream and yields the records of each chunk as one array. */
export async function* readCsvBatches(stream: Readable, options: CsvOptions): AsyncGenerator<ReadItem[]> {
  const header = options.firstChunk.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = options.delimiter ?? detectDelimiter(header);
  const parser = new CsvParser(delimiter, options.quoted !== false, options.records);
  const decoder = textDecoderFor(options.encoding ?? 'utf-8');
  try {
    for await (const chunk of stream) {
      const out: ReadItem[] = [];
      parser.push(decoder.write(chunk as Buffer), false, out);
      if (out.length) yield out;
    }
    const out: ReadItem[] = [];
    parser.push(decoder.end(), true, out);
    if (out.length) yield out;
  } catch (error) {
    if (error instanceof FeedFailure) throw error;
    throw new FeedFailure(`Reading the CSV failed: ${(error as Error).message}`);
  }
}
