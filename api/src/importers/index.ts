/**
 * The importer registry and the one pipeline every feed goes through: sniff the format,
 * read records with the matching streaming reader, map them with the importer's field
 * map (overridable per feed through `parameters.fieldMap`), normalise them.
 */
import type { Readable } from 'node:stream';
import { feedParametersSchema, type FeedImporter, type FeedParameters } from '@koopjesland/shared/entities';
import { awin } from './definitions/awin';
import { bol } from './definitions/bol';
import { daisycon } from './definitions/daisycon';
import { gameresource } from './definitions/gameresource';
import { koopjesland } from './definitions/koopjesland';
import { tradedoubler } from './definitions/tradedoubler';
import { tradetracker } from './definitions/tradetracker';
import { firstOf } from './definitions/helpers';

const NO_KEYS: readonly string[] = [];
import { normaliseOffer, RecordRejected, RecordSkipped } from './normalise';
import { readCsvBatches } from './readers/csv';
import { readJson } from './readers/json';
import { readXml } from './readers/xml';
import { chooseTextEncoding, encodingOfBom } from './readers/text-encoding';
import { FeedFailure } from './source';
import { readingHash, recordHash, SEPARATOR } from './fingerprint';
import type {
  CarriedItem,
  CanonicalField,
  FeedFormat,
  FieldMap,
  FlatRecord,
  ImporterDefinition,
  NormalisedOffer,
  RawOffer,
  RecordCarrier,
  RecordProblem,
  RunNote,
} from './types';

export const importers: Record<FeedImporter, ImporterDefinition> = {
  tradetracker,
  awin,
  daisycon,
  bol,
  gameresource,
  koopjesland,
  tradedoubler,
};

/** A stored feed's parameters, checked again on read (rows written by hand included); unknown keys have no effect. */
export function readParameters(parameters: Record<string, unknown>): FeedParameters {
  return feedParametersSchema.strip().parse(parameters);
}

/** A record read: its offer (with problems that did not reject it), or why it was left out. */
export type MappedItem =
  | { position: number; offer: NormalisedOffer; warnings: RecordProblem[] }
  | { position: number; error: string; problem: RecordProblem; skipped: boolean }
  | CarriedItem;

const FORMAT_NAMES: Record<FeedFormat, string> = { xml: 'XML', csv: 'CSV', json: 'JSON' };

/** Files that are no feed at all, by their first bytes: what an admin is told was found. */
const FOREIGN_FILES: [Buffer, string][] = [
  [Buffer.from([0x1f, 0x8b]), 'The file is gzip-compressed'],
  [Buffer.from('PK\x03\x04', 'latin1'), 'The file is zip-compressed'],
  [Buffer.from('BZh', 'latin1'), 'The file is bzip2-compressed'],
  [Buffer.from('%PDF-', 'latin1'), 'The file is a PDF document, not a feed'],
];

/**
 * Fails a run whose file cannot be read as a feed, naming what it is: an HTML page (a store's
 * server answering with an error or login page) or a binary file, instead of reading it as a
 * malformed or an empty feed.
 */
function refuseForeignFile(start: string, head: Buffer, expected: FeedFormat): void {
  if (/^<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(start)) {
    throw new FeedFailure(`The file is HTML, not ${FORMAT_NAMES[expected]}: the store's server sent an error page`);
  }
  for (const [signature, reason] of FOREIGN_FILES) if (head.subarray(0, signature.length).equals(signature)) throw new FeedFailure(reason);
}

function sniffFormat(firstChunk: string, fallback: FeedFormat): FeedFormat {
  const start = firstChunk.replace(/^\uFEFF/, '').trimStart()[0];
  if (start === '<') return 'xml';
  if (start === '{' || start === '[') return 'json';
  return start === undefined ? fallback : 'csv';
}

function mergeFieldMap(base: FieldMap, override: FeedParameters['fieldMap']): FieldMap {
  const merged: FieldMap = { ...base };
  for (const [field, keys] of Object.entries(override ?? {})) {
    merged[field as CanonicalField] = Array.isArray(keys) ? keys : [keys];
  }
  return merged;
}

export function mapRecord(definition: ImporterDefinition, fields: FieldMap, record: FlatRecord): RawOffer {
  const value = (field: CanonicalField) => firstOf(record, fields[field] ?? NO_KEYS);
  const offer: RawOffer = {
    externalId: value('externalId'),
    gtin: value('gtin'),
    name: value('name'),
    description: value('description'),
    brand: value('brand'),
    price: value('price'),
    fromPrice: value('fromPrice'),
    currency: value('currency'),
    shipping: value('shipping'),
    deliveryTime: value('deliveryTime'),
    url: value('url'),
    images: (fields.images ?? []).flatMap((key) => record.get(key) ?? []).filter(Boolean),
    categoryPath: value('categoryPath'),
    properties: [],
  };
  definition.refine?.(record, offer);
  return offer;
}

/** Reads a decompressed feed stream and yields normalised offers or record-level rejections. */
export async function* readFeedRecords(
  importer: FeedImporter,
  stream: Readable,
  parameters: FeedParameters,
): AsyncGenerator<Exclude<MappedItem, CarriedItem>> {
  // Without a carrier no record is carried.
  for await (const batch of readFeedBatches(importer, stream, parameters)) yield* batch as Exclude<MappedItem, CarriedItem>[];
}

/** An XML or JSON record's fields as one text, in the file's order: what its record hash is taken of. */
function recordText(record: FlatRecord): string {
  let text = '';
  for (const [key, values] of record) text += `${key}\u0002${values.join('\u0003')}\u0001`;
  return text;
}

/** One item at a time, as a batch of one (the XML and JSON readers). */
async function* singly<T>(items: AsyncIterable<T>): AsyncGenerator<T[]> {
  for await (const item of items) yield [item];
}

/**
 * The same, the items of a chunk of the file together (CSV: every record the chunk completed),
 * so a large feed does not pay a promise per record between the reader, this and the run.
 */
export async function* readFeedBatches(
  importer: FeedImporter,
  stream: Readable,
  parameters: FeedParameters,
  /** Told what the run should note about the file (read in another encoding than UTF-8). */
  onNote: (note: RunNote) => void = () => undefined,
  /**
   * Given: every offer gets its record hash (fingerprint.ts), and a record the carrier carries
   * is yielded as carried, without being mapped or normalised.
   */
  carrier?: RecordCarrier,
): AsyncGenerator<MappedItem[]> {
  const definition = importers[importer];
  const fields = mergeFieldMap(definition.fields, parameters.fieldMap);

  // Peek at the first bytes to choose the reader, then hand the whole stream on.
  const iterator = stream[Symbol.asyncIterator]();
  const head = await iterator.next();
  const firstBuffer: Buffer = head.done ? Buffer.alloc(0) : (head.value as Buffer);
  // Markup and separators are ASCII: any ASCII-compatible reading of the start tells the format.
  const start = new TextDecoder(encodingOfBom(firstBuffer) ?? 'windows-1252').decode(firstBuffer.subarray(0, 4096)).trimStart();
  refuseForeignFile(start, firstBuffer, parameters.format ?? definition.defaultFormat);
  const format = parameters.format ?? sniffFormat(start, definition.defaultFormat);
  const { encoding, guessed } = chooseTextEncoding(firstBuffer, format, parameters.encoding);
  if (guessed) onNote({ reason: 'encoding-guessed', value: encoding });
  const firstChunk = new TextDecoder(encoding).decode(firstBuffer);
  const { Readable: NodeReadable } = await import('node:stream');
  const replay = NodeReadable.from(
    (async function* () {
      if (firstBuffer.length) yield firstBuffer;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Buffer;
    })(),
    { objectMode: false },
  );
  // What a record's text means besides itself: every record hash is taken within this reading.
  const reading = [
    importer, JSON.stringify(fields), format, encoding, parameters.delimiter ?? definition.csvDelimiter ?? '', parameters.recordElement ?? '',
  ];
  const baseReading = readingHash(reading);
  let csvColumns: readonly string[] | null = null;
  let csvReading = baseReading;
  const csvRecords = carrier && {
    hash(columns: readonly string[], text: string) {
      if (columns !== csvColumns) {
        csvColumns = columns;
        csvReading = readingHash([...reading, columns.join(SEPARATOR)]);
      }
      return recordHash(csvReading, text);
    },
    carried: (hash: number, position: number) => carrier.carryRecord(hash, position),
  };
  const batches =
    format === 'xml'
      ? singly(readXml(replay, parameters.recordElement ? [parameters.recordElement] : definition.xmlRecordElements, encoding))
      : format === 'json'
        ? singly(readJson(replay, definition.jsonArrayKey))
        : readCsvBatches(replay, {
            delimiter: parameters.delimiter ?? definition.csvDelimiter,
            quoted: definition.csvQuoted,
            encoding,
            firstChunk,
            records: csvRecords,
          });

  for await (const batch of batches) {
    const mapped: MappedItem[] = new Array(batch.length);
    for (let i = 0; i < batch.length; i++) {
      const item = batch[i]!;
      if ('error' in item) {
        mapped[i] = { position: item.position, error: item.error, problem: item.problem, skipped: false };
        continue;
      }
      if ('carried' in item) {
        mapped[i] = item;
        continue;
      }
      let hash = item.hash;
      if (carrier && hash === undefined) {
        hash = recordHash(baseReading, recordText(item.record));
        if (carrier.carryRecord(hash, item.position)) {
          mapped[i] = { position: item.position, carried: true };
          continue;
        }
      }
      const warnings: RecordProblem[] = [];
      try {
        const offer = normaliseOffer(item.position, mapRecord(definition, fields, item.record), warnings);
        if (hash !== undefined) offer.recordHash = hash;
        mapped[i] = { position: item.position, offer, warnings };
      } catch (error) {
        if (!(error instanceof RecordRejected)) throw error;
        const problem = { reason: error.reason, value: error.value };
        mapped[i] = { position: item.position, error: error.message, problem, skipped: error instanceof RecordSkipped };
      }
    }
    yield mapped;
  }
}
