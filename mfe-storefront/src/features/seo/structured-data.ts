/** schema.org JSON-LD builders (docs/product.md §2 "Page head and structured data"). */
import type { Product } from '@koopjesland/shared';
import { productPath } from '../../lib/paths';

export const STRUCTURED_DATA_PRODUCT_LIMIT = 10;
const CONTEXT = 'https://schema.org';

const euros = (cents: number) => (cents / 100).toFixed(2);

export function websiteJsonLd(origin: string, name: string) {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: `${origin}/search?q={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
}

export function collectionPageJsonLd(origin: string, name: string, url: string, products: Product[]) {
  return {
    '@context': CONTEXT,
    '@type': 'CollectionPage',
    name,
    url,
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: products.slice(0, STRUCTURED_DATA_PRODUCT_LIMIT).map((product, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: `${origin}${productPath(product)}`,
        name: product.name,
      })),
    },
  };
}

export function breadcrumbJsonLd(entries: { name: string; url: string }[]) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: entries.map((entry, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: entry.name,
      item: entry.url,
    })),
  };
}

export function productJsonLd(origin: string, product: Product) {
  const lowest = product.lowestPrice?.total ?? null;
  const gtin = product.productIds?.find((identifier) => /^(ean|gtin)/i.test(identifier.type))?.value;
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    url: `${origin}${productPath(product)}`,
    ...(product.image ? { image: product.image } : {}),
    ...(product.description ? { description: product.description } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(gtin ? { gtin } : {}),
    ...(lowest !== null
      ? {
          offers: {
            '@type': 'AggregateOffer',
            priceCurrency: 'EUR',
            lowPrice: euros(lowest),
            highPrice: euros(product.highestPrice ?? lowest),
            offerCount: product.offerCount ?? product.prices?.length ?? 1,
          },
        }
      : {}),
  };
}
