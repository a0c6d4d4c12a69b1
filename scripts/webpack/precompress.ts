/**
 * Brotli and gzip copies of a browser build's text assets (`app.js` → `app.js.br`, `app.js.gz`),
 * made once at build time at the highest levels, so the server sends them as they are
 * (`@fastify/static`'s `preCompressed`) instead of compressing each response. The Node build
 * (`dist/server`) is left alone: only the rendering server reads it.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SERVER_DIST } from './config';

const COMPRESSIBLE = /\.(js|css|json|svg|txt)$/;
/** Below this, the copies save less than a packet. */
const MIN_BYTES = 1024;

export function precompress(dist: string): void {
  for (const entry of readdirSync(dist, { withFileTypes: true })) {
    const file = join(dist, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== SERVER_DIST) precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}
