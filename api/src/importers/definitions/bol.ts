/** bol.com product feed: gzip CSV, "|" delimited, quoted fields, OfferNL.* columns, category columns. */
import type { ImporterDefinition } from '../types';
import { first, isFalse } from './helpers';

const CATEGORY_COLUMNS = ['category', 'subCategory', 'subSubCategory', 'subSubSubCategory'];

export const bol: ImporterDefinition = {
  name: 'bol',
  defaultFormat: 'csv',
  csvDelimiter: '|',
  xmlRecordElements: ['product'],
  credentialStyle: 'basic',
  fields: {
    externalId: ['productId'],
    gtin: ['ean'],
    name: ['title'],
    description: ['description'],
    brand: ['brand'],
    price: ['OfferNL.sellingPrice'],
    shipping: ['OfferNL.shippingCost'],
    deliveryTime: ['OfferNL.maximalDeliveryDays'],
    url: ['productPageUrlNL'],
    images: ['imageUrl'],
    categoryPath: [],
  },
  refine(record, offer) {
    // Kept, marked out of stock: never the product's lowest price (docs/feeds.md "Availability").
    if (isFalse(first(record, 'OfferNL.isDeliverable'))) offer.inStock = false;
    const days = offer.deliveryTime;
    if (days && /^\d+$/.test(days.trim())) offer.deliveryTime = `${days.trim()} werkdagen`;
    const path = CATEGORY_COLUMNS.map((c) => first(record, c)).filter(Boolean);
    if (path.length) offer.categoryPath = path.join(' > ');
  },
};
