/**
 * Route schema parts every feature shares: the numeric id in a path, the error responses
 * (one `{ error, details? }` shape, see errors.ts) and the list query (pagination.ts).
 */
import { z } from 'zod';
import { errorResponseSchema } from '@koopjesland/shared/entities';

/** Database ids are PostgreSQL `integer`s: anything above 2^31-1 cannot exist. */
export const MAX_ID = 2_147_483_647;

/** An id in a path or query: a positive integer that fits the id column. */
export const idField = z.coerce.number().int().positive().max(MAX_ID);

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
