/**
 * The products a visitor chose to compare: at most four, all of one category, kept in the
 * browser's local storage (another tab sees the change). Only the browser changes it; a server
 * render and the hydration of its HTML always see an empty choice (`useComparedProducts`), so a
 * stored choice cannot make the server's markup and the first client render differ.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { safeStorage, STORAGE_KEYS, type CategoryRef, type ImageCopy, type Product } from '@koopjesland/shared';

export const COMPARE_LIMIT = 4;

/** A card's worth of a product: enough for the tray; the comparison page asks the API for the rest. */
export interface ComparedProduct {
  id: number;
  slug: string;
  name: string;
  image: string | null;
  imageCopy: ImageCopy | null;
  /** The categories the product is in; every compared product shares at least one. */
  categories: CategoryRef[];
}

export type CompareNotice =
  | { kind: 'full' }
  | { kind: 'otherCategory'; category: string }
  | { kind: 'noCategory' };

interface CompareState {
  products: ComparedProduct[];
  /** Why the last product could not be added; cleared by the next change. */
  notice: CompareNotice | null;
}

const EMPTY: CompareState = { products: [], notice: null };

function isCompared(value: unknown): value is ComparedProduct {
  const entry = value as ComparedProduct | null;
  return Boolean(entry) && typeof entry!.id === 'number' && typeof entry!.name === 'string' && Array.isArray(entry!.categories);
}

function readStored(): ComparedProduct[] {
  const raw = safeStorage.get(STORAGE_KEYS.compare);
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list) ? list.filter(isCompared).slice(0, COMPARE_LIMIT) : [];
  } catch {
    return [];
  }
}

export const compareStore = createStore<CompareState>(() => (typeof window === 'undefined' ? EMPTY : { products: readStored(), notice: null }));

function save(products: ComparedProduct[], notice: CompareNotice | null = null) {
  compareStore.setState({ products, notice });
  safeStorage.set(STORAGE_KEYS.compare, JSON.stringify(products));
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.compare) compareStore.setState({ products: readStored(), notice: null });
  });
}

/** The categories every chosen product is in (all of the product's own when nothing is chosen yet). */
export function sharedCategories(products: ComparedProduct[]): CategoryRef[] {
  const [first, ...rest] = products;
  if (!first) return [];
  return first.categories.filter((category) => rest.every((product) => product.categories.some((c) => c.id === category.id)));
}

export function summaryOf(product: Product): ComparedProduct {
  const categories = product.categories?.length ? product.categories : (product.breadcrumb ?? []).slice(-1);
  return { id: product.id, slug: product.slug, name: product.name, image: product.image ?? null, imageCopy: product.imageCopy ?? null, categories };
}

/** Adds the product, or removes it when it is already chosen; answers whether it is chosen afterwards. */
export function toggleCompared(product: ComparedProduct): boolean {
  const { products } = compareStore.getState();
  if (products.some((entry) => entry.id === product.id)) {
    save(products.filter((entry) => entry.id !== product.id));
    return false;
  }
  if (product.categories.length === 0) {
    compareStore.setState({ notice: { kind: 'noCategory' } });
    return false;
  }
  if (products.length >= COMPARE_LIMIT) {
    compareStore.setState({ notice: { kind: 'full' } });
    return false;
  }
  const common = sharedCategories(products);
  if (products.length > 0 && !product.categories.some((category) => common.some((c) => c.id === category.id))) {
    compareStore.setState({ notice: { kind: 'otherCategory', category: common[0]?.name ?? products[0]!.categories[0]?.name ?? '' } });
    return false;
  }
  save([...products, product]);
  return true;
}

export function removeCompared(id: number): void {
  save(compareStore.getState().products.filter((entry) => entry.id !== id));
}

export function clearCompared(): void {
  save([]);
}

export function dismissCompareNotice(): void {
  compareStore.setState({ notice: null });
}

const serverState = () => EMPTY;

/** The chosen products and the last notice: empty on the server and while hydrating, the stored choice right after. */
export function useCompareState(): CompareState {
  return useSyncExternalStore(compareStore.subscribe, compareStore.getState, serverState);
}

/** The address of the comparison of these products. */
export const comparePath = (products: { id: number }[]) => `/compare?ids=${products.map((product) => product.id).join(',')}`;
