/** GameResource XML game catalogue: <game> with EAN, platform and genre (the category path "platform > genre"). */
import type { ImporterDefinition } from '../types';
import { first, isFalse } from './helpers';

export const gameresource: ImporterDefinition = {
  name: 'gameresource',
  defaultFormat: 'xml',
  xmlRecordElements: ['game'],
  fields: {
    externalId: ['id', '@id'],
    gtin: ['ean'],
    name: ['title'],
    description: ['description'],
    brand: ['publisher'],
    price: ['price'],
    shipping: ['shipping'],
    deliveryTime: ['delivery'],
    url: ['url'],
    images: ['image', 'images.image'],
    categoryPath: [],
  },
  refine(record, offer) {
    // Kept, marked out of stock: never the product's lowest price (docs/feeds.md "Availability").
    if (isFalse(first(record, 'in_stock', 'stock'))) offer.inStock = false;
    const platform = first(record, 'platform');
    const genre = first(record, 'genre');
    offer.categoryPath = ['Games', platform, genre].filter(Boolean).join(' > ');
    for (const [name, key] of [
      ['Platform', 'platform'],
      ['Genre', 'genre'],
      ['Releasedatum', 'release_date'],
      ['PEGI', 'pegi'],
    ] as const) {
      const value = first(record, key);
      if (value) offer.properties.push({ name, value });
    }
  },
};
