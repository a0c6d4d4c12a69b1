import type { Category } from '@koopjesland/shared';

/** The default category for unassigned aliases; hidden from the admin tree (docs/product.md §9). */
export const OVERIG_SLUG = 'overig';

export interface CategoryTreeNode {
  key: number;
  category: Category;
  children: CategoryTreeNode[];
}

/** Tree nodes for antd's Tree, without 'Overig' at any level. */
export function toTreeNodes(categories: Category[]): CategoryTreeNode[] {
  return categories
    .filter((category) => category.slug !== OVERIG_SLUG)
    .map((category) => ({ key: category.id, category, children: toTreeNodes(category.childCategories ?? []) }));
}

/** Products in the category and its descendants, when the API computed it. */
export function productCount(category: Category): number {
  return category._count?.computedProducts ?? category._count?.products ?? 0;
}
