/** The last 6 products a visitor opened, newest first, in local storage. */
import { safeStorage, STORAGE_KEYS, type Product } from '@koopjesland/shared';

export const RECENTLY_VIEWED_LIMIT = 6;

export function readRecentlyViewed(): Product[] {
  const raw = safeStorage.get(STORAGE_KEYS.recentlyViewed);
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list) ? (list as Product[]).slice(0, RECENTLY_VIEWED_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Remembers a product (a card's worth of fields, not its offers) and returns the new list. */
export function rememberProduct(product: Product): Product[] {
  const { id, slug, name, brand, image, imageId, lowestPrice, lowestPriceId, priceChange, percentageChange, views, createdAt, updatedAt, description } =
    product;
  const summary: Product = { id, slug, name, brand, image, imageId, lowestPrice, lowestPriceId, priceChange, percentageChange, views, createdAt, updatedAt, description: description ? description.slice(0, 160) : null };
  const list = [summary, ...readRecentlyViewed().filter((item) => item.id !== id)].slice(0, RECENTLY_VIEWED_LIMIT);
  safeStorage.set(STORAGE_KEYS.recentlyViewed, JSON.stringify(list));
  return list;
}
