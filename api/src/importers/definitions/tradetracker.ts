/**
 * TradeTracker XML. v2: <product ID> with <price currency>, <URL>, <images><image>,
 * <categories><category path>, <properties><property name><value>. v1: <productID>,
 * <productURL>, <imageURL>, <currency>, <additional><field name>.
 */
import type { ImporterDefinition } from '../types';
import { findPair, first, isFalse, isOutOfStock, pairs } from './helpers';

export const tradetracker: ImporterDefinition = {
  name: 'tradetracker',
  defaultFormat: 'xml',
  xmlRecordElements: ['product'],
  fields: {
    externalId: ['@ID', 'productID', 'ID'],
    name: ['name'],
    description: ['description'],
    price: ['price'],
    fromPrice: ['fromPrice'],
    currency: ['price@currency', 'currency'],
    url: ['URL', 'productURL'],
    images: ['images.image', 'imageURL'],
    categoryPath: ['categories.category@path', 'categories.category'],
    deliveryTime: ['deliveryTime'],
  },
  refine(record, offer) {
    const properties = [
      ...pairs(record, 'properties.property@name', 'properties.property.value'),
      ...pairs(record, 'additional.field@name', 'additional.field'),
    ];
    offer.gtin ??= findPair(properties, 'EAN', 'GTIN', 'ean13');
    offer.brand ??= findPair(properties, 'brand', 'merk');
    offer.shipping ??= findPair(properties, 'deliveryCosts', 'shippingCosts', 'verzendkosten');
    offer.deliveryTime ??= findPair(properties, 'deliveryTime', 'levertijd');
    // Kept, marked out of stock: never the product's lowest price (docs/feeds.md "Availability").
    const stock = findPair(properties, 'stock', 'inStock', 'availability', 'voorraad');
    if (isFalse(stock) || isOutOfStock(stock)) offer.inStock = false;
    offer.properties = properties.filter(
      (p) => !/^(ean|gtin|ean13|brand|merk|deliverycosts|shippingcosts|verzendkosten|deliverytime|levertijd)$/i.test(p.name),
    );
    if (!offer.categoryPath && record.get('categories.category')?.length) {
      offer.categoryPath = first(record, 'categories.category');
    }
  },
};
