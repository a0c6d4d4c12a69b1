/**
 * The fingerprint of a normalised record: a hash of every field an offer, or the product a run
 * would make of it, is built from (identifiers, name, brand, description, price, shipping, the
 * "from" price, availability, delivery, link, images, category path, properties). Two reads of a
 * record with the same fingerprint would apply the same way, so a re-import leaves such an
 * offer alone. 52 bits of an MD5: a whole number JavaScript and a `bigint` column hold exactly;
 * a changed record keeps its old fingerprint with a chance of 2^-52.
 */
import crypto from 'node:crypto';
import type { NormalisedOffer } from './types';

/** Read once: in a VM context (the tests' realm) every read of the global `Math` is a slow lookup. */
const imul = Math.imul;

/** Between fields: a character no normalised text field carries on its own. */
export const SEPARATOR = '\u0001';

export function offerFingerprint(o: NormalisedOffer): number {
  const text = [
    o.gtin ?? '',
    o.externalId ?? '',
    o.name,
    o.brand ?? '',
    o.description ?? '',
    o.amount,
    o.shipping,
    o.fromAmount ?? '',
    o.inStock ? 1 : 0,
    o.url,
    o.deliveryTime ?? '',
    o.deliveryDays ?? '',
    o.categoryPath ?? '',
    JSON.stringify(o.images),
    JSON.stringify(o.properties),
  ].join(SEPARATOR);
  return hash52(text);
}

/** 52 bits of the MD5 of `text`: a whole number a double holds exactly. */
export function hash52(text: string): number {
  // The first 13 hex digits, read from the bytes (a hex string per record cost more than the hash).
  const digest = crypto.hash('md5', text, 'buffer');
  return digest.readUIntBE(0, 6) * 16 + (digest[6]! >> 4);
}

const TWO_TO_52 = 2 ** 52;

/**
 * What a record's text is read as, besides the text itself: the importer, the feed's reading
 * parameters, the file's format, encoding and columns. A record hash (below) holds only within
 * one reading. The code that turns a record into an offer is not part of it: a change to what a
 * record becomes (normalise.ts, definitions/, readers/) comes with a migration that forgets the
 * offers' record hashes (`update prices set record_hash = null`), so the next run compares those
 * records by their fingerprint and keeps the new hashes.
 */
export function readingHash(parts: readonly string[]): number {
  return hash52(parts.join(SEPARATOR));
}

/**
 * The hash of a record as the file holds it (a CSV line, an XML or JSON record's fields) within
 * its reading: equal hashes mean the record normalises to the same offer, so a re-import can carry
 * it without mapping, normalising or fingerprinting it. Only kept for records whose offer depends
 * on nothing but the text (runner.ts: no "from" price, no sale period ahead).
 */
export function recordHash(reading: number, text: string): number {
  return (textHash52(text) + reading) % TWO_TO_52;
}

/** One MurmurHash3 (x86, 32-bit) block step: `k` mixed by its constants, folded into `hash`. */
function murmurStep(hash: number, k: number, c1: number, c2: number): number {
  k = imul(k, c1);
  k = imul((k << 15) | (k >>> 17), c2);
  hash ^= k;
  hash = (hash << 13) | (hash >>> 19);
  return (imul(hash, 5) + 0xe654_6b64) | 0;
}

/** MurmurHash3's finaliser. */
function murmurFinish(hash: number, length: number): number {
  hash ^= length;
  hash = imul(hash ^ (hash >>> 16), 0x85eb_ca6b);
  hash = imul(hash ^ (hash >>> 13), 0xc2b2_ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** The two lanes' constants: MurmurHash3's own, and those of its 128-bit variant for the second. */
const FIRST = [0x9747_b28c, 0xcc9e_2d51, 0x1b87_3593] as const;
const SECOND = [0x3c6e_f372, 0x239b_961b, 0xab0e_9789] as const;

/** 52 bits of the two lanes, from their states after the last block. */
const lanes52 = (first: number, second: number, length: number) =>
  murmurFinish(first, length) * 0x10_0000 + (murmurFinish(second, length) >>> 12);

/**
 * 52 bits of a text for its record hash: two MurmurHash3 lanes with constants of their own over
 * its UTF-16 code units, two to a block, in JavaScript (an MD5 per record was the largest cost of
 * reading a re-import whose records mostly come again unchanged). Not cryptographic, and need not
 * be: equal hashes only ever carry a store's record to that store's own offer, and two different
 * records share one with a chance of 2^-52, as with the MD5 before. A change of this function
 * forgets the offers' record hashes (migration 0033), as fingerprint.ts's readingHash notes.
 */
export function textHash52(text: string): number {
  let first: number = FIRST[0];
  let second: number = SECOND[0];
  const length = text.length;
  let i = 0;
  for (; i + 1 < length; i += 2) {
    const k = text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16);
    first = murmurStep(first, k, FIRST[1], FIRST[2]);
    second = murmurStep(second, k, SECOND[1], SECOND[2]);
  }
  if (i < length) {
    const k = text.charCodeAt(i);
    first = murmurStep(first, k, FIRST[1], FIRST[2]);
    second = murmurStep(second, k, SECOND[1], SECOND[2]);
  }
  return lanes52(first, second, length);
}

/**
 * The same two lanes over bytes, one to a block: a key for short values read as bytes (a store's
 * product id as the database sends it, features/feeds/carried-offers.ts), kept in memory only.
 */
export function bytesHash52(bytes: Uint8Array, start: number, end: number): number {
  let first: number = FIRST[0];
  let second: number = SECOND[0];
  for (let i = start; i < end; i++) {
    first = murmurStep(first, bytes[i]!, FIRST[1], FIRST[2]);
    second = murmurStep(second, bytes[i]!, SECOND[1], SECOND[2]);
  }
  return lanes52(first, second, end - start);
}
