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

/** Between fields: a character no normalised text field carries on its own. */
const SEPARATOR = '\u0001';

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
  return parseInt(crypto.hash('md5', text, 'hex').slice(0, 13), 16);
}
