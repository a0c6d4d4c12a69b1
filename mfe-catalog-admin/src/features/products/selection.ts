/**
 * The product list's selection (docs/product.md §4 "Admin product selection modes"): individual
 * rows, all on the page, or all matching the filters; choosing one mode clears the others.
 */
export type ProductSelection =
  { mode: 'individual'; ids: number[] } | { mode: 'page'; ids: number[] } | { mode: 'matching' };

export const NO_SELECTION: ProductSelection = { mode: 'individual', ids: [] };

/** How many products the selection covers. */
export function selectionCount(selection: ProductSelection, totalMatching: number): number {
  return selection.mode === 'matching' ? totalMatching : selection.ids.length;
}

/** The row keys the table shows as checked. */
export function checkedRows(selection: ProductSelection, pageIds: number[]): number[] {
  return selection.mode === 'matching' ? pageIds : selection.ids;
}
