/** Awin CSV (header row; delimiter detected unless set): the standard Awin feed columns. */
import type { ImporterDefinition } from '../types';
import { first, isFalse, isOutOfStock } from './helpers';

export const awin: ImporterDefinition = {
  name: 'awin',
  defaultFormat: 'csv',
  xmlRecordElements: ['prod', 'product'],
  credentialStyle: 'basic',
  fields: {
    externalId: ['merchant_product_id', 'aw_product_id'],
    gtin: ['ean', 'product_GTIN'],
    name: ['product_name'],
    description: ['description', 'product_short_description'],
    brand: ['brand_name'],
    price: ['search_price', 'store_price'],
    fromPrice: ['product_price_old'],
    currency: ['currency'],
    shipping: ['delivery_cost'],
    deliveryTime: ['delivery_time'],
    url: ['aw_deep_link', 'merchant_deep_link'],
    images: ['merchant_image_url', 'aw_image_url', 'alternate_image', 'alternate_image_two'],
    categoryPath: ['merchant_category', 'category_name'],
  },
  refine(record, offer) {
    // Kept, marked out of stock: never the product's lowest price (docs/feeds.md "Availability").
    if (isFalse(first(record, 'in_stock')) || isOutOfStock(first(record, 'stock_status'))) offer.inStock = false;
    const rrp = first(record, 'rrp_price');
    if (rrp) offer.properties.push({ name: 'Adviesprijs', value: rrp });
  },
};
