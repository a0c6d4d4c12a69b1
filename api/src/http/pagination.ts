/**
 * The list query and pagination every admin list shares: `page` (1-based), `limit`
 * (default 20, max 100) and the `{ currentPage, totalPages, totalItems, itemsPerPage }` block.
 */
import { z } from 'zod';
import type { Pagination } from '@koopjesland/shared/entities';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export function offsetOf({ page, limit }: { page: number; limit: number }): number {
  return (page - 1) * limit;
}

export function paginationOf(totalItems: number, { page, limit }: { page: number; limit: number }): Pagination {
  return {
    currentPage: page,
    totalPages: Math.ceil(totalItems / limit),
    totalItems,
    itemsPerPage: limit,
  };
}
