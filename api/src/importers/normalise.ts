/**
 * Normalisation of one record: money to cents (comma or dot decimals, EUR only), GTINs
 * validated and padded to GTIN-13/14, delivery times read as days where possible, HTML
 * reduced to a safe subset, category paths joined with " > ".
 */
import sanitizeHtml from 'sanitize-html';
import type { FeedProblemReason } from '@koopjesland/shared/entities';
import type { NormalisedOffer, RawOffer, RecordProblem } from './types';

/** A record left out, with the reason code the run's problem groups count and the offending value. */
export class RecordRejected extends Error {
  constructor(
    message: string,
    readonly reason: FeedProblemReason,
    readonly value: string | null = null,
  ) {
    super(message);
  }
}

/** A valid record deliberately left out (out of stock, not deliverable); not counted as invalid. */
export class RecordSkipped extends RecordRejected {
  constructor(message: string, value: string | null = null) {
    super(message, 'skipped', value);
  }
}

const EXAMPLE_CHARS = 200;
/** The offending value as an example: trimmed and cut, null when absent. */
export function exampleValue(text: string | undefined | null): string | null {
  if (text === undefined || text === null) return null;
  return text.trim().slice(0, EXAMPLE_CHARS);
}

const PLAIN_MONEY = /^\d{1,15}(\.\d{1,2})?$/;

/** "12,99", "1.234,56", "15.00 EUR", "€ 9.95" → cents; undefined when there is no number. */
export function parseMoney(text: string | undefined): { cents: number; currency?: string } | undefined {
  if (text === undefined) return undefined;
  // Most feeds write "12.99" or "12": read without the general rules below (same result).
  if (PLAIN_MONEY.test(text)) return { cents: Math.round(Number(text) * 100), currency: undefined };
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const currency = /\b([A-Z]{3})\b/.exec(trimmed)?.[1] ?? (trimmed.includes('€') ? 'EUR' : undefined);
  let number = trimmed.replace(/[^\d.,-]/g, '');
  if (!/\d/.test(number)) return undefined;
  const lastComma = number.lastIndexOf(',');
  const lastDot = number.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    number = number.split(thousands).join('').replace(decimal, '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const separator = lastComma >= 0 ? ',' : '.';
    const parts = number.split(separator);
    // "1.234" or "1,234,567": thousands; "12,99" or "12.5": decimals.
    const isThousands = parts.length > 2 || (parts[1]!.length === 3 && parts[0] !== '0' && parts[0] !== '');
    number = isThousands ? parts.join('') : parts.join('.');
  }
  const value = Number(number);
  if (!Number.isFinite(value)) return undefined;
  return { cents: Math.round(value * 100), currency };
}

/** Digits only, check digit valid, GTIN-8/12/13 padded to 13 and GTIN-14 with a leading zero cut to 13. */
export function normaliseGtin(text: string | undefined): string | null {
  if (!text) return null;
  let digits = text.replace(/\D/g, '');
  if (![8, 12, 13, 14].includes(digits.length)) return null;
  let sum = 0;
  for (let i = 0; i < digits.length - 1; i++) {
    const digit = Number(digits[digits.length - 2 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  if ((10 - (sum % 10)) % 10 !== Number(digits[digits.length - 1])) return null;
  digits = digits.padStart(14, '0');
  if (digits.startsWith('0')) digits = digits.slice(1);
  return /^0+$/.test(digits) ? null : digits;
}

/** "1-2 werkdagen" → 2, "morgen in huis" → 1, "2 weken" → 14; null when no duration can be read. */
export function parseDeliveryDays(text: string | undefined | null): number | null {
  if (!text) return null;
  // A feed repeats a handful of delivery texts on every record: each is read once.
  const known = deliveryDaysRead.get(text);
  if (known !== undefined) return known;
  const days = readDeliveryDays(text);
  if (deliveryDaysRead.size >= READ_CACHE_SIZE) deliveryDaysRead.clear();
  deliveryDaysRead.set(text, days);
  return days;
}

const READ_CACHE_SIZE = 1_000;
const deliveryDaysRead = new Map<string, number | null>();

function readDeliveryDays(text: string): number | null {
  const lower = text.toLowerCase();
  if (/\b(vandaag|today)\b/.test(lower)) return 0;
  if (/\b(morgen|tomorrow|next day|volgende dag)\b/.test(lower)) return 1;
  const numbers = [...lower.matchAll(/\d+/g)].map((m) => Number(m[0]));
  if (numbers.length === 0 || numbers.length > 2) return null;
  const days = Math.max(...numbers);
  if (/\b(week|weken|weeks)\b/.test(lower)) return days * 7;
  if (/\b(uur|uren|hours?)\b/.test(lower)) return Math.ceil(days / 24);
  return days <= 365 ? days : null;
}

/** Elements that end a line of text when markup becomes text. */
const BLOCK_END = /<\/(p|div|li|h[1-6]|tr|table|ul|ol|blockquote)\s*>|<br\s*\/?>/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', euro: '€' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/**
 * A description as plain text: the storefront shows it as text and in the page's meta
 * description, so markup from a feed (often HTML inside CDATA) becomes lines of text; scripts
 * and styles are dropped with their content, entities decoded, whitespace tidied.
 */
export function sanitiseDescription(text: string | undefined): string | null {
  if (!text || !text.trim()) return null;
  if (!/[<&]/.test(text)) return text.trim();
  const stripped = sanitizeHtml(text.replace(BLOCK_END, '\n'), { allowedTags: [], allowedAttributes: {} });
  const clean = decodeEntities(stripped)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return clean || null;
}

/** "Huis>Keuken / Koffie" stays as written except the separator: "Huis > Keuken / Koffie". */
export function normaliseCategoryPath(text: string | undefined): string | null {
  if (!text) return null;
  const parts = text.split(/\s*>\s*/).map((p) => p.trim()).filter(Boolean);
  return parts.length ? parts.join(' > ') : null;
}

const ASCII = /^[ -~]*$/;

export function slugify(text: string): string {
  // Printable ASCII has no accents to take off (the usual case): no Unicode decomposition.
  const slug = (ASCII.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'product';
}

const MAX_TEXT = 10_000;
const clip = (text: string | undefined, max = MAX_TEXT) => (text ? text.trim().slice(0, max) : undefined);

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Turns a mapped record into a stageable offer, or throws RecordRejected with the reason.
 * Problems that do not reject the record (an invalid GTIN beside a store product id) are
 * added to `warnings`.
 */
export function normaliseOffer(position: number, raw: RawOffer, warnings: RecordProblem[] = []): NormalisedOffer {
  const name = clip(raw.name, 500);
  if (!name) throw new RecordRejected('Missing product name', 'missing-name');
  const url = raw.url?.trim();
  if (!url || !isHttpUrl(url)) throw new RecordRejected('Missing or invalid product link', 'invalid-link', exampleValue(raw.url));
  const price = parseMoney(raw.price);
  if (!price) {
    throw new RecordRejected(`Missing or unreadable price "${clip(raw.price, 40) ?? ''}"`, 'missing-price', exampleValue(raw.price));
  }
  const currency = (raw.currency?.trim().toUpperCase() || price.currency) ?? 'EUR';
  if (currency !== 'EUR') {
    throw new RecordRejected(`Currency ${currency} is not supported (EUR only)`, 'unknown-currency', exampleValue(raw.currency ?? raw.price));
  }
  if (price.cents < 0 || price.cents > 100_000_000) throw new RecordRejected('Price out of range', 'price-out-of-range', exampleValue(raw.price));
  const shippingMoney = parseMoney(raw.shipping);
  if (shippingMoney?.currency && shippingMoney.currency !== 'EUR') {
    throw new RecordRejected(`Currency ${shippingMoney.currency} is not supported (EUR only)`, 'unknown-currency', exampleValue(raw.shipping));
  }
  const shipping = Math.max(0, shippingMoney?.cents ?? 0);
  // A "from" price counts only above the price, in euros, within range; otherwise there is none.
  const from = parseMoney(raw.fromPrice);
  const fromAmount =
    from && (!from.currency || from.currency === 'EUR') && from.cents > price.cents && from.cents <= 100_000_000 ? from.cents : null;
  const gtin = normaliseGtin(raw.gtin);
  const externalId = clip(raw.externalId, 200) || null;
  const badGtin = !gtin && Boolean(raw.gtin?.trim());
  if (!gtin && !externalId) {
    if (badGtin) throw new RecordRejected('Invalid EAN/GTIN (check digit or length) and no store product id', 'bad-gtin', exampleValue(raw.gtin));
    throw new RecordRejected('No valid EAN/GTIN and no store product id', 'no-identifier');
  }
  if (badGtin) warnings.push({ reason: 'bad-gtin', value: exampleValue(raw.gtin) });
  const deliveryTime = clip(raw.deliveryTime, 200) || null;
  const images = [...new Set(raw.images.map((u) => u.trim()).filter(isHttpUrl))].slice(0, 20);
  return {
    position,
    gtin,
    externalId,
    productKey: gtin ? `gtin:${gtin}` : `id:${externalId}`,
    name,
    slug: slugify(name),
    brand: clip(raw.brand, 200) || null,
    description: sanitiseDescription(clip(raw.description, 20_000)),
    amount: price.cents,
    shipping,
    total: price.cents + shipping,
    fromAmount,
    ...(raw.priceChangesAt ? { priceChangesAt: raw.priceChangesAt } : {}),
    inStock: raw.inStock !== false,
    url,
    deliveryTime,
    deliveryDays: parseDeliveryDays(deliveryTime),
    categoryPath: normaliseCategoryPath(clip(raw.categoryPath, 500)),
    images,
    properties: raw.properties
      .map((p) => ({ name: p.name.trim().slice(0, 200), value: p.value.trim().slice(0, 1000) }))
      .filter((p) => p.name && p.value)
      .slice(0, 50),
  };
}
