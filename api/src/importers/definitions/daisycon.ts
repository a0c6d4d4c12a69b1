/** Daisycon XML (<product> with <product_info>, or flat) or CSV with the same field names. */
import type { ImporterDefinition } from '../types';
import { first, isFalse, isOutOfStock } from './helpers';

const both = (field: string) => [field, `product_info.${field}`];

export const daisycon: ImporterDefinition = {
  name: 'daisycon',
  defaultFormat: 'xml',
  xmlRecordElements: ['product', 'item'],
  credentialStyle: 'bearer',
  fields: {
    externalId: [...both('sku'), ...both('id')],
    gtin: both('ean'),
    name: both('title'),
    description: both('description'),
    brand: both('brand'),
    price: both('price'),
    fromPrice: both('price_old'),
    currency: both('currency'),
    shipping: both('price_shipping'),
    deliveryTime: both('delivery_time'),
    url: both('link'),
    images: [...both('images.image.location'), ...both('images.image'), ...both('images'), ...both('image')],
    categoryPath: both('category_path'),
  },
  refine(record, offer) {
    // Kept, marked out of stock: never the product's lowest price (docs/feeds.md "Availability").
    if (isFalse(first(record, ...both('in_stock'))) || isOutOfStock(first(record, ...both('availability')))) offer.inStock = false;
    // CSV keeps several image URLs in one "images" cell.
    offer.images = offer.images.flatMap((cell) => cell.split(/[\s|;,]+(?=https?:)/));
  },
};
