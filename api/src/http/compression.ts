/**
 * How the API compresses what it sends (`@fastify/compress`, registered in app.ts), in one place:
 * the encodings offered, brotli's quality, and the choice per request, which @fastify/compress
 * makes the same way (@fastify/accept-negotiator, `*` and `x-gzip` read as gzip). A body kept and
 * sent many times (a cached server-rendered page, shell/src/server-rendering/rendered-page-cache.ts) is
 * compressed once with these and sent with its Content-Encoding, which @fastify/compress then leaves alone.
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** In order of preference. */
export const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** Little CPU per response, most of the gain (quality 11 is for the build's static copies). */
export const BROTLI_QUALITY = 4;
/** Smaller bodies travel as they are. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses every answer above the threshold that has no Content-Encoding yet. A visitor who
 * leaves while a compressed answer streams is no error: @fastify/compress 9.1 stopped logging
 * that at error level.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ENCODINGS,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}

/** The encoding to answer with, or null when the request accepts none of ours. */
export function encodingFor(headers: { 'accept-encoding'?: string | string[] }): Encoding | null {
  const header = headers['accept-encoding'];
  if (typeof header !== 'string') return null;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS);
}

export function compressBody(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : zlib.gzipSync(body);
}
