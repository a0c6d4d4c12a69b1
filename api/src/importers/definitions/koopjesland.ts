/**
 * Koopjesland's own format: the Google Merchant Center product data specification, as
 * RSS 2.0 with the g: namespace, Atom, or tab-separated text (docs/feeds.md "Prices as each
 * format means them"): sale_price wins over price only inside its sale_price_effective_date;
 * shipping is the Netherlands' entry ("NL:::4.95 EUR" or a <g:shipping> group with country NL),
 * else the entry without a country (the feed's default), else the first.
 */
import { GROUP_SUFFIX } from '../readers/xml';
import type { FlatRecord, ImporterDefinition } from '../types';
import { first, isOutOfStock } from './helpers';

const OUR_COUNTRY = 'NL';

/** Shipping entries as (country, price): <g:shipping> groups, else "country:region:service:price" texts. */
function shippingEntries(record: FlatRecord): { country: string; price: string }[] {
  const groups = record.get(`shipping${GROUP_SUFFIX}`);
  if (groups?.length) {
    return groups.map((json) => JSON.parse(json) as Record<string, string>).map((group) => ({ country: group.country ?? '', price: group.price ?? '' }));
  }
  return (record.get('shipping') ?? [])
    .flatMap((cell) => cell.split(/,(?=\s*[A-Za-z]{0,2}:)/))
    .map((entry) => {
      const parts = entry.trim().split(':');
      return parts.length > 1 ? { country: parts[0]!, price: parts[parts.length - 1]! } : { country: '', price: entry.trim() };
    });
}

/** The Netherlands' shipping price, else the feed's default (no country), else the first listed. */
export function shippingForUs(record: FlatRecord): string | undefined {
  const entries = shippingEntries(record).filter((entry) => entry.price.trim() !== '');
  const pick =
    entries.find((entry) => entry.country.trim().toUpperCase() === OUR_COUNTRY) ?? entries.find((entry) => entry.country.trim() === '') ?? entries[0];
  return pick?.price;
}

/**
 * Whether a sale price applies at `now`: always without an effective date; inside the period
 * "start/end" (ISO 8601, either side may be open) otherwise. An unreadable period does not apply.
 */
export function saleIsEffective(period: string | undefined, now = Date.now()): boolean {
  if (!period?.trim()) return true;
  const [start, end] = period.split('/').map((part) => part?.trim());
  const startsAt = start ? Date.parse(start) : -Infinity;
  const endsAt = end ? Date.parse(end) : Infinity;
  if (Number.isNaN(startsAt) || Number.isNaN(endsAt)) return false;
  return startsAt <= now && now < endsAt;
}

/**
 * The next moment after `now` at which a sale period starts or ends (epoch ms), so the feed can
 * be run again then; undefined without a period, or when neither edge lies ahead.
 */
export function nextSaleBoundary(period: string | undefined, now = Date.now()): number | undefined {
  if (!period?.trim()) return undefined;
  const edges = period
    .split('/')
    .map((part) => (part?.trim() ? Date.parse(part.trim()) : NaN))
    .filter((edge) => !Number.isNaN(edge) && edge > now);
  return edges.length ? Math.min(...edges) : undefined;
}

export const koopjesland: ImporterDefinition = {
  name: 'koopjesland',
  defaultFormat: 'xml',
  xmlRecordElements: ['item', 'entry'],
  csvDelimiter: '\t',
  csvQuoted: false,
  credentialStyle: 'bearer',
  fields: {
    externalId: ['id'],
    gtin: ['gtin'],
    name: ['title'],
    description: ['description'],
    brand: ['brand'],
    price: ['sale_price', 'price'],
    shipping: ['shipping.price', 'shipping'],
    deliveryTime: ['delivery_time'],
    url: ['link', 'link@href'],
    images: ['image_link', 'additional_image_link'],
    categoryPath: ['product_type', 'google_product_category'],
  },
  refine(record, offer) {
    const availability = first(record, 'availability');
    // Kept, marked out of stock: never the product's lowest price (docs/feeds.md "Availability").
    if (isOutOfStock(availability)) offer.inStock = false;
    offer.shipping = shippingForUs(record) ?? offer.shipping;
    if (!offer.deliveryTime) {
      const days = first(record, 'shipping.max_transit_time', 'max_handling_time');
      if (days) offer.deliveryTime = `${days} werkdagen`;
    }
    offer.images = offer.images.flatMap((cell) => cell.split(/,(?=https?:)/));
    const sale = first(record, 'sale_price');
    const regular = first(record, 'price');
    const changesAt = sale ? nextSaleBoundary(first(record, 'sale_price_effective_date')) : undefined;
    if (changesAt) offer.priceChangesAt = changesAt;
    if (sale && !saleIsEffective(first(record, 'sale_price_effective_date'))) {
      // A sale that has not started or has ended: the store charges the regular price.
      offer.price = regular;
    } else if (sale && regular) {
      // The regular price is the "from" price while the sale runs (kept only when the store charged it).
      offer.fromPrice = regular;
    }
    const condition = first(record, 'condition');
    if (condition && condition !== 'new') offer.properties.push({ name: 'Staat', value: condition });
  },
};
