/**
 * Price click-out (spec §4, §7): log it (fire-and-forget, failures only warned), then open the
 * store's address in a new tab.
 */
import { apiPost, useAuthStore, type ClickOut, type Price, type Product } from '@koopjesland/shared';

export function buildClickOut(product: Product, price: Price): ClickOut {
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

export function clickOut(product: Product, price: Price): void {
  apiPost('prices/log-redirect', buildClickOut(product, price)).catch((error: unknown) => {
    console.warn('Click-out could not be logged', error);
  });
  window.open(price.url, '_blank', 'noopener,noreferrer');
}
