import { z } from 'zod';

// In the browser zod must not probe for eval (`new Function`) to compile faster parsers: the
// Content-Security-Policy forbids it and reports every probe as a violation.
if ('window' in globalThis) z.config({ jitless: true });

/**
 * Timestamps travel as ISO 8601 strings in UTC. The API's rows hold Date objects;
 * accepting both keeps one schema for the server's serializer and the client's type.
 */
export const isoDateTime = z
  .union([z.string(), z.date()])
  .transform((value) => (typeof value === 'string' ? normalizeTimestamp(value) : value.toISOString()))
  .pipe(z.string());

/** PostgreSQL's text form ("2026-11-21 04:56:33.953+00") from raw SQL, as ISO 8601 in UTC. */
function normalizeTimestamp(value: string): string {
  const date = new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** Money is always integer cents. */
export const cents = z.number().int();

/** Database ids are PostgreSQL `integer`s: anything above 2^31-1 cannot exist. */
export const MAX_ID = 2_147_483_647;

export const id = z.number().int().positive().max(MAX_ID);

export const paginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const errorResponseSchema = z.object({
  error: z.string(),
  details: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const sortOrderSchema = z.enum(SORT_ORDERS);
export type SortOrder = z.infer<typeof sortOrderSchema>;

