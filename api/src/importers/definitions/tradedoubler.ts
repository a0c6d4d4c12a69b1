/**
 * Tradedoubler product feeds, XML or JSON: name, productUrl, productImage, price,
 * identifiers.ean, categories, deliveryTime, and shipping among the free "fields".
 */
import type { ImporterDefinition } from '../types';
import { findPair, first, isFalse, isOutOfStock, pairs } from './helpers';

export const tradedoubler: ImporterDefinition = {
  name: 'tradedoubler',
  defaultFormat: 'json',
  xmlRecordElements: ['product'],
  jsonArrayKey: 'products',
  credentialStyle: { queryParameter: 'token' },
  fields: {
    externalId: ['identifiers.sku', 'sourceProductId', 'id', 'identifiers.sku@value'],
    gtin: ['identifiers.ean'],
    name: ['name'],
    description: ['description'],
    brand: ['brand'],
    price: ['price.value', 'price'],
    currency: ['price.currency', 'price@currency', 'currency'],
    deliveryTime: ['deliveryTime'],
    url: ['productUrl'],
    images: ['productImage.url', 'productImage'],
    categoryPath: [],
  },
  refine(record, offer) {
    const fields = [...pairs(record, 'fields.name', 'fields.value'), ...pairs(record, 'fields.field@name', 'fields.field@value')];
    offer.shipping ??= findPair(fields, 'shippingCost', 'shipping', 'deliveryCost');
    offer.properties = fields.filter((f) => !/^(shippingcost|shipping|deliverycost)$/i.test(f.name));
    // Kept, marked out of stock: never the product's lowest price (docs/feeds.md "Availability").
    const stock = first(record, 'availability', 'inStock') ?? findPair(fields, 'availability', 'inStock');
    if (isFalse(stock) || isOutOfStock(stock)) offer.inStock = false;
    const categories = record.get('categories.name') ?? record.get('categories.category@name') ?? record.get('categories.category') ?? record.get('categories');
    if (categories?.length) offer.categoryPath = categories.join(' > ');
    offer.brand ??= first(record, 'manufacturer');
  },
};
