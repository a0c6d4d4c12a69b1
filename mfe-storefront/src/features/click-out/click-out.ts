/**
 * Price click-out (docs/product.md §4, §7): log it (fire-and-forget, failures only warned), then open the
 * store's address in a new tab.
 */
import { useCallback } from 'react';
import { useAuthStore, type ClickOut, type Price, type Product } from '@koopjesland/shared';

/** What a click-out needs of a product and an offer (a product page's offer, a comparison's lowest offer). */
export type ClickOutProduct = Pick<Product, 'id' | 'name' | 'slug'> & { lowestPrice?: { total: number } | null };
export type ClickOutPrice = Pick<Price, 'id' | 'total' | 'url'> & { store: Pick<Price['store'], 'id' | 'name'> };
import { useLogClickOutMutation } from './api';

export function buildClickOut(product: ClickOutProduct, price: ClickOutPrice): ClickOut {
  const { user } = useAuthStore.getState();
  return {
    timestamp: new Date().toISOString(),
    user: { isLoggedIn: Boolean(user), userId: user?.id ?? null, userEmail: user?.email ?? null, isAdmin: Boolean(user?.isAdmin) },
    product: { id: product.id, name: product.name, slug: product.slug },
    store: { id: price.store.id, name: price.store.name },
    pricing: { current: price.total, lowest: product.lowestPrice?.total ?? null },
    redirectUrl: price.url,
    priceId: price.id,
  };
}

/** Returns the click-out action: log (not awaited) and open the store's page. */
export function useClickOut(): (product: ClickOutProduct, price: ClickOutPrice) => void {
  const [logClickOut] = useLogClickOutMutation();
  return useCallback(
    (product, price) => {
      logClickOut(buildClickOut(product, price))
        .unwrap()
        .catch((error: unknown) => console.warn('Click-out could not be logged', error));
      window.open(price.url, '_blank', 'noopener,noreferrer');
    },
    [logClickOut],
  );
}
