import { OVERIG_SLUG, type Category } from '@koopjesland/shared';

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

/** Keeps the nodes whose name contains the search (case-insensitive) and their ancestors. */
export function searchTree(nodes: CategoryTreeNode[], search: string): CategoryTreeNode[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return nodes;
  return nodes.flatMap((node) => {
    const children = searchTree(node.children, search);
    return node.category.name.toLowerCase().includes(needle) || children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Every key of the tree, for expanding all nodes. */
export function allKeys(nodes: CategoryTreeNode[]): number[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children)]);
}

/** The ids of a category and all its descendants: where it cannot be moved (docs/product.md §5). */
export function selfAndDescendants(nodes: CategoryTreeNode[], id: number): Set<number> {
  const find = (list: CategoryTreeNode[]): CategoryTreeNode | undefined =>
    list.reduce<CategoryTreeNode | undefined>(
      (found, node) => found ?? (node.key === id ? node : find(node.children)),
      undefined,
    );
  const start = find(nodes);
  return new Set(start ? [start.key, ...allKeys(start.children)] : [id]);
}

/** Options for a parent picker: a TreeSelect's data without the given ids. */
export interface ParentOption {
  value: number;
  title: string;
  children: ParentOption[];
}

export function parentOptions(nodes: CategoryTreeNode[], excluded: Set<number> = new Set()): ParentOption[] {
  return nodes
    .filter((node) => !excluded.has(node.key))
    .map((node) => ({ value: node.key, title: node.category.name, children: parentOptions(node.children, excluded) }));
}
