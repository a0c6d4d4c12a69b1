/**
 * The one error format of the API: `{ error, details? }` with the right status
 * (docs/architecture.md "One way for each thing"). Throw an HttpError anywhere; the handler below renders it.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: string) => new HttpError(400, message, details);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Access denied. Admin privileges required.') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, details?: string) => new HttpError(409, message, details);
export const tooManyRequests = (message = 'Too many requests, please try again later.') =>
  new HttpError(429, message);

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send(error.details ? { error: error.message, details: error.details } : { error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Name every failing field: "query.page: Too small: expected number to be >=1"; a key a
      // strict object does not know is named itself: "parameters.colour: Unrecognized key".
      const where = error.validationContext ?? 'request';
      const issues = error.validation.flatMap((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const unknownKeys = issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[] | undefined) : undefined;
        return unknownKeys?.length
          ? unknownKeys.map((key) => ({ field: field ? `${field}.${key}` : key, message: 'Unrecognized key' }))
          : [{ field, message: issue.message }];
      });
      const details = issues.map(({ field, message }) => `${field || where}: ${message}`).join('; ');
      const fields = issues.map(({ field }) => field).filter(Boolean);
      const message = fields.length ? `Invalid ${[...new Set(fields)].join(', ')}` : 'Invalid request';
      return reply.status(400).send({ error: message, details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ error: 'Server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: 'Server error' });
    }
    return reply.status(status).send({ error: error.message });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'Not found', details: `${request.method} ${request.url}` });
  });
}
