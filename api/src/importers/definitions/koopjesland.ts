/**
 * Koopjesland's own format: the Google Merchant Center product data specification, as
 * RSS 2.0 with the g: namespace, Atom, or tab-separated text. sale_price wins over price;
 * shipping as "NL:::4.95 EUR" or a <g:shipping> group.
 */
import { RecordSkipped } from '../normalise';
import type { ImporterDefinition } from '../types';
import { first } from './helpers';

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
    if (availability && /out[ _]of[ _]stock/i.test(availability)) throw new RecordSkipped('Out of stock');
    // Text shipping "NL:::4.95 EUR" (country:region:service:price).
    if (offer.shipping?.includes(':')) offer.shipping = offer.shipping.split(':').pop();
    if (!offer.deliveryTime) {
      const days = first(record, 'shipping.max_transit_time', 'max_handling_time');
      if (days) offer.deliveryTime = `${days} werkdagen`;
    }
    offer.images = offer.images.flatMap((cell) => cell.split(/,(?=https?:)/));
    const sale = first(record, 'sale_price');
    const regular = first(record, 'price');
    if (sale && regular) offer.properties.push({ name: 'Van-prijs', value: regular });
    const condition = first(record, 'condition');
    if (condition && condition !== 'new') offer.properties.push({ name: 'Staat', value: condition });
  },
};
