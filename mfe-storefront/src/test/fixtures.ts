import type { Price, Product } from '@koopjesland/shared';

const at = '2026-01-01T00:00:00.000Z';

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1;
  return {
    id,
    slug: `product-${id}`,
    name: `Product ${id}`,
    brand: 'Philips',
    description: 'A fine product',
    image: null,
    imageId: null,
    lowestPrice: { id: 100 + id, amount: 9999, shipping: 0, total: 9999, store: { id: 1, name: 'Bol', logo: null } },
    lowestPriceId: 100 + id,
    priceChange: null,
    percentageChange: null,
    views: 0,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function makePrice(overrides: Partial<Price> = {}): Price {
  return {
    id: 500,
    productId: 1,
    amount: 9500,
    shipping: 499,
    total: 9999,
    url: 'https://store.example/p/1',
    deliveryTime: '1-2 days',
    deliveryDays: 2,
    description: null,
    store: { id: 1, name: 'Bol', logo: null },
    priceChange: null,
    percentageChange: null,
    isLowest: true,
    validFrom: at,
    validTo: null,
    lastSeen: at,
    createdAt: at,
    ...overrides,
  };
}

export const pagination = (totalItems: number, currentPage = 1, itemsPerPage = 21) => ({
  currentPage,
  totalPages: Math.max(1, Math.ceil(totalItems / itemsPerPage)),
  totalItems,
  itemsPerPage,
});

export const siteConfiguration = {
  id: 3,
  title: 'Koopjesland – de beste deals',
  name: 'Koopjesland',
  description: 'Prijzen vergelijken',
  domainNames: ['localhost'],
  logo: null,
  rootCategoryId: null,
  rootCategory: null,
  keywords: null,
  metaDescription: null,
  ogTitle: null,
  ogDescription: null,
  ogImage: null,
  twitterCard: null,
  twitterTitle: null,
  twitterDescription: null,
  twitterImage: null,
  createdAt: at,
  updatedAt: at,
};
