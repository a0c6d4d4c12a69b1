/**
 * One guard before every route's validation: no text the client sends may contain a NUL
 * character. PostgreSQL refuses NUL in text values, so without this a NUL in a search term, a
 * filter or a body field surfaced as a 500 instead of a 400 naming the field.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** The dotted path of the first string holding a NUL, or null. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key.replaceAll('\u0000', '')}` : key.replaceAll('\u0000', '');
    const found = findNul(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = findNul(value, '');
      if (field !== null) {
        const name = field || part;
        throw badRequest(`Invalid ${name}`, `${part}.${name}: must not contain NUL characters`);
      }
    }
  });
}
