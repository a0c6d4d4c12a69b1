/**
 * Route schema parts every feature shares: the numeric id in a path, the error responses
 * (one `{ error, details? }` shape, see errors.ts) and the list query (pagination.ts).
 */
import { z } from 'zod';
import { MAX_ID, errorResponseSchema } from '@koopjesland/shared/entities';

export { MAX_ID };

/**
 * An id in a path, query or body: a positive integer that fits the id column, written in plain
 * decimal when it arrives as text ('1e3', '0x10', ' 7' and '2147483648' are 400, not 1000 or 16).
 */
export const idField = z.union([
  z.int().positive().max(MAX_ID),
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Expected a positive whole number')
    .transform(Number)
    .pipe(z.int().max(MAX_ID, `Expected a number up to ${MAX_ID}`)),
]);

/** `:id` in a path. */
export const idParam = z.object({ id: idField });

/** Error bodies for `response`, by status: `{ ...errorResponses(400, 404) }`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

/** The errors of a public route that reads by id or query. */
export const publicErrors = errorResponses(400, 404);
/** The errors of a route behind sign-in (user or admin). */
export const guardedErrors = errorResponses(400, 401, 403, 404);

export { pageQuery, offsetOf, paginationOf } from './pagination';
