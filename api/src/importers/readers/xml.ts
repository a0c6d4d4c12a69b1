/**
 * Streaming XML reader: yields one flat record per record element (by local name, so
 * "g:price" and "price" read alike). DTD entity declarations are refused outright and no
 * entity is ever expanded, so XXE and "billion laughs" files fail instead of exploding.
 */
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { FeedFailure } from '../source';
import type { FlatRecord, ReadItem } from '../types';
import { MAX_FIELD_CHARS, pushValue, TOO_LARGE } from './limits';
import { textDecoderFor } from './text-encoding';

interface Frame {
  key: string;
  text: string;
  hasChildren: boolean;
  /** The element's own leaf children by local name, kept together (see GROUP_SUFFIX). */
  leaves: Record<string, string>;
}

/**
 * Besides its flat "shipping.country" / "shipping.price" lists, each element with children is
 * also kept whole under "shipping{}" (one JSON object of its leaf children per element): a group
 * whose fields belong together, such as one country's shipping price, stays together.
 */
export const GROUP_SUFFIX = '{}';

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export async function* readXml(
  stream: Readable,
  recordElements: string[],
  /** A WHATWG encoding name (text-encoding.ts). */
  encoding = 'utf-8',
): AsyncGenerator<ReadItem> {
  const wanted = new Set(recordElements);
  const parser = new SaxesParser({ position: false });
  const ready: ReadItem[] = [];
  let position = 0;
  let record: FlatRecord | null = null;
  let oversized = false;
  let stack: Frame[] = [];
  let parseError: Error | null = null;

  parser.on('error', (error) => {
    parseError ??= error;
  });
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) {
      parseError ??= new FeedFailure('The XML declares entities in a DTD: refused (entity expansion and external entities are off)');
    }
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (!record) {
      if (!wanted.has(name)) return;
      record = new Map();
      oversized = false;
      stack = [{ key: '', text: '', hasChildren: false, leaves: {} }];
      position += 1;
    } else {
      const parent = stack[stack.length - 1]!;
      parent.hasChildren = true;
      stack.push({ key: parent.key ? `${parent.key}.${name}` : name, text: '', hasChildren: false, leaves: {} });
    }
    const frame = stack[stack.length - 1]!;
    for (const [attr, value] of Object.entries(tag.attributes)) {
      pushValue(record, `${frame.key}@${localName(attr)}`, String(value));
    }
  });
  const onText = (text: string) => {
    if (!record || oversized) return;
    const frame = stack[stack.length - 1]!;
    if (frame.text.length + text.length > MAX_FIELD_CHARS) {
      oversized = true;
      frame.text = '';
      return;
    }
    frame.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (!record) return;
    const frame = stack.pop()!;
    if (stack.length === 0) {
      ready.push(oversized ? { position, ...TOO_LARGE } : { position, record });
      record = null;
      return;
    }
    if (!frame.hasChildren) {
      const text = frame.text.trim();
      pushValue(record, frame.key, text);
      stack[stack.length - 1]!.leaves[frame.key.slice(frame.key.lastIndexOf('.') + 1)] = text;
    } else {
      pushValue(record, `${frame.key}${GROUP_SUFFIX}`, JSON.stringify(frame.leaves));
    }
  });

  const decoder = textDecoderFor(encoding);
  const fail = () => {
    const error = parseError!;
    throw error instanceof FeedFailure ? error : new FeedFailure(`Malformed XML after element ${position}: ${error.message}`);
  };
  for await (const chunk of stream) {
    parser.write(decoder.write(chunk as Buffer));
    if (parseError) fail();
    yield* ready.splice(0);
  }
  parser.write(decoder.end());
  try {
    parser.close();
  } catch (error) {
    parseError ??= error as Error;
  }
  if (parseError) fail();
  if (record) throw new FeedFailure(`The XML is truncated inside element ${position}`);
  yield* ready.splice(0);
}
