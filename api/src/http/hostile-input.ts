/**
 * The guards every request passes before any route sees it (json-input.ts has the rules):
 * a JSON body nested deeper than MAX_JSON_DEPTH is refused while it is still text, and no text
 * the client sends (path, query, body, at any depth) may contain a NUL character. Both answer
 * 400 naming the field. Multipart fields go through multipart.ts, JSON in a query parameter
 * through jsonQueryParameter.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';
import { fieldName, jsonTooDeepAt, NUL_MESSAGE, nulAt, TOO_DEEP_MESSAGE } from './json-input';

/** Fastify's own JSON body parser (prototype poisoning refused), behind the depth check. */
export function parseJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const tooDeep = jsonTooDeepAt(body as string);
    if (tooDeep) {
      // The top-level field it is in; deeper names would only repeat indexes.
      const field = typeof tooDeep[0] === 'string' ? tooDeep[0] : 'body';
      done(badRequest(`Invalid ${field}`, `${field}: ${TOO_DEEP_MESSAGE}`), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}

export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = nulAt(value);
      if (path !== null) {
        const name = fieldName(path) || part;
        throw badRequest(`Invalid ${name}`, `${part}.${name}: ${NUL_MESSAGE}`);
      }
    }
  });
}
