/**
 * Streaming JSON reader for feeds shaped `{ ..., "<key>": [ {record}, ... ] }` or a top-level
 * array: it scans characters (strings and nesting aware), cuts out one record object at a
 * time and parses only that, so the file is never held whole.
 */
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { FeedFailure } from '../source';
import type { FlatRecord, ReadItem } from '../types';
import { MAX_FIELD_CHARS, pushValue, TOO_LARGE } from './limits';

export function flattenJson(value: unknown, record: FlatRecord = new Map(), key = ''): FlatRecord {
  if (value === null || value === undefined) return record;
  if (Array.isArray(value)) {
    for (const item of value) flattenJson(item, record, key);
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flattenJson(v, record, key ? `${key}.${k}` : k);
  } else {
    pushValue(record, key, String(value));
  }
  return record;
}

export async function* readJson(stream: Readable, arrayKey: string | undefined): AsyncGenerator<ReadItem> {
  const decoder = new StringDecoder('utf8');
  let depth = 0;
  let inString = false;
  let escaped = false;
  let lastString = '';
  let stringStart = -1;
  let arrayDepth = -1; // depth inside the records array
  let objectStart = -1;
  let buffer = '';
  let position = 0;
  let pendingKey = '';

  const scan = function* (text: string): Generator<ReadItem> {
    const offset = buffer.length;
    buffer += text;
    for (let i = offset; i < buffer.length; i++) {
      const c = buffer[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') {
          inString = false;
          if (objectStart < 0) lastString = buffer.slice(stringStart + 1, i);
        }
        continue;
      }
      if (c === '"') {
        inString = true;
        stringStart = i;
      } else if (c === ':') {
        pendingKey = lastString;
      } else if (c === '[' || c === '{') {
        if (c === '[' && arrayDepth < 0 && objectStart < 0 && (arrayKey ? pendingKey === arrayKey : depth === 0)) {
          arrayDepth = depth + 1;
        } else if (c === '{' && depth === arrayDepth && objectStart < 0) {
          objectStart = i;
        }
        depth++;
      } else if (c === ']' || c === '}') {
        depth--;
        if (depth < 0) throw new FeedFailure('Malformed JSON: unbalanced brackets');
        if (c === '}' && depth === arrayDepth && objectStart >= 0) {
          position++;
          const text = buffer.slice(objectStart, i + 1);
          objectStart = -1;
          try {
            const record = flattenJson(JSON.parse(text));
            const oversized = [...record.values()].some((values) => values.some((v) => v.length > MAX_FIELD_CHARS));
            yield oversized ? { position, ...TOO_LARGE } : { position, record };
          } catch {
            throw new FeedFailure(`Malformed JSON in record ${position}`);
          }
        } else if (c === ']' && depth === arrayDepth - 1) {
          arrayDepth = -2; // done: later arrays are not records
        }
      }
    }
    // Keep only what an unfinished record or string still needs.
    const keepFrom = objectStart >= 0 ? objectStart : inString ? stringStart : buffer.length;
    if (keepFrom > 0) {
      buffer = buffer.slice(keepFrom);
      if (objectStart >= 0) objectStart -= keepFrom;
      if (inString) stringStart -= keepFrom;
    }
    if (buffer.length > 64 * 1024 ** 2) throw new FeedFailure('A JSON record is larger than 64 MB');
  };

  for await (const chunk of stream) yield* scan(decoder.write(chunk as Buffer));
  yield* scan(decoder.end());
  if (depth !== 0 || inString) throw new FeedFailure(`The JSON is truncated after record ${position}`);
  if (arrayDepth === -1) throw new FeedFailure(`The JSON has no "${arrayKey ?? 'records'}" array`);
}
