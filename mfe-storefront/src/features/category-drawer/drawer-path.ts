/** The drawer's navigation path (category ids, root first), kept in local storage. */
import { safeStorage, STORAGE_KEYS, type Category } from '@koopjesland/shared';

/** Categories hidden from the menu are dropped, with their children. */
export function visibleCategories(categories: Category[]): Category[] {
  return categories
    .filter((category) => !category.settings?.hideFromMenu)
    .map((category) => ({ ...category, childCategories: visibleCategories(category.childCategories ?? []) }));
}

/** Resolves stored ids against the tree; stops at the first id that is no longer visible. */
export function resolvePath(tree: Category[], ids: number[]): Category[] {
  const path: Category[] = [];
  let level = tree;
  for (const id of ids) {
    const found = level.find((category) => category.id === id);
    if (!found) break;
    path.push(found);
    level = found.childCategories ?? [];
  }
  return path;
}

export function readDrawerPath(): number[] {
  try {
    const ids = JSON.parse(safeStorage.get(STORAGE_KEYS.categoryDrawerPath) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function saveDrawerPath(path: Category[]): void {
  safeStorage.set(STORAGE_KEYS.categoryDrawerPath, JSON.stringify(path.map((category) => category.id)));
}
