/**
 * Which text encoding a feed's bytes are in, as the file itself says: a byte order mark, else (XML)
 * the encoding its declaration names, else UTF-8 when the first bytes are valid UTF-8 and
 * Windows-1252 when they are not (the encoding of most Dutch shops' older exports). A feed's
 * `encoding` parameter, when set, overrides all of it. Labels are the WHATWG encoding names that
 * TextDecoder reads (Node with full ICU: UTF-16, ISO-8859-x and the Windows code pages).
 */
import type { FeedParameters } from '@koopjesland/shared/entities';
import { FeedFailure } from '../source';
import type { FeedFormat } from '../types';

export interface TextEncodingChoice {
  /** A WHATWG encoding name TextDecoder reads. */
  encoding: string;
  /** True when the bytes were not valid UTF-8 and are read as Windows-1252 (a note on the run). */
  guessed: boolean;
}

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

const PARAMETER_ENCODINGS: Record<NonNullable<FeedParameters['encoding']>, string> = {
  utf8: 'utf-8',
  // The WHATWG decoders read the label latin1 as Windows-1252, its superset in practice.
  latin1: 'windows-1252',
};

export function encodingOfBom(head: Buffer): string | null {
  for (const [bom, encoding] of BOMS) {
    if (head.length >= bom.length && bom.every((byte, index) => head[index] === byte)) return encoding;
  }
  return null;
}

/** The encoding an XML declaration at the start of the file names (read as ASCII), if any. */
export function declaredXmlEncoding(head: Buffer): string | null {
  const start = head.subarray(0, 1024).toString('latin1').replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '').trimStart();
  const declaration = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(start);
  return declaration ? declaration[1]! : null;
}

/** Whether `head` is valid UTF-8, a multi-byte character cut off at its end allowed. */
export function isUtf8(head: Buffer): boolean {
  let end = head.length;
  // Step back over a last character the chunk may have cut in two (at most 3 continuation bytes).
  for (let back = 1; back <= 4 && end - back >= 0; back++) {
    const byte = head[end - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (back < length) end -= back;
    }
    break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** The WHATWG name of `label`, or null when TextDecoder cannot read it. */
function knownEncoding(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/** Chooses the encoding to read a feed in from its first bytes (see the module comment). */
export function chooseTextEncoding(head: Buffer, format: FeedFormat, parameter: FeedParameters['encoding']): TextEncodingChoice {
  if (parameter) return { encoding: PARAMETER_ENCODINGS[parameter], guessed: false };
  const bom = encodingOfBom(head);
  if (bom) return { encoding: bom, guessed: false };
  if (format === 'xml') {
    const declared = declaredXmlEncoding(head);
    if (declared) {
      const encoding = knownEncoding(declared);
      if (!encoding) throw new FeedFailure(`The file declares the encoding ${declared}, which cannot be read`);
      return { encoding, guessed: false };
    }
    return { encoding: 'utf-8', guessed: false };
  }
  if (format === 'json' || isUtf8(head)) return { encoding: 'utf-8', guessed: false };
  return { encoding: 'windows-1252', guessed: true };
}

/** A streaming decoder of one encoding; a byte order mark at the start is dropped. */
export function textDecoderFor(encoding: string): { write(bytes: Buffer): string; end(): string } {
  const decoder = new TextDecoder(encoding);
  return {
    write: (bytes) => decoder.decode(bytes, { stream: true }),
    end: () => decoder.decode(),
  };
}
