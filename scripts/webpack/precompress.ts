/**
 * Brotli and gzip copies of a browser build's text assets (`app.js` → `app.js.br`, `app.js.gz`),
 * made once at build time at the highest levels, so the server sends them as they are
 * (`@fastify/static`'s `preCompressed`) instead of compressing each response. The Node build
 * (`dist/server`) is left alone: only the rendering server reads it.
 *
 * Brotli at its highest level is the slow part, so the files are compressed on libuv's thread pool
 * (beside the main thread's next compilation), and with `cacheDir` the copies of a file whose
 * content the previous build already had are reused: a rebuild after a small change compresses
 * only the changed chunks.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { SERVER_DIST } from './config';

const COMPRESSIBLE = /\.(js|css|json|svg|txt)$/;
/** Below this, the copies save less than a packet. */
const MIN_BYTES = 1024;

const COPIES: [extension: string, compress: (content: Buffer) => Promise<Buffer>][] = [
  ['.br', (content) => promisify(brotliCompress)(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
  ['.gz', (content) => promisify(gzip)(content, { level: 9 })],
];

function compressibleFiles(dist: string): string[] {
  return readdirSync(dist, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dist, entry.name);
    if (entry.isDirectory()) return entry.name === SERVER_DIST ? [] : compressibleFiles(file);
    return COMPRESSIBLE.test(entry.name) && statSync(file).size >= MIN_BYTES ? [file] : [];
  });
}

let temporaryFiles = 0;

/** Writes the copies beside each file; `cacheDir` keeps this build's copies (only those) for the next one. */
export async function precompress(dist: string, cacheDir?: string): Promise<void> {
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  const kept = new Set<string>();
  await Promise.all(
    compressibleFiles(dist).map(async (file) => {
      const content = await readFile(file);
      const key = createHash('sha256').update(content).digest('hex');
      for (const [extension, compress] of COPIES) {
        const cached = cacheDir ? join(cacheDir, key + extension) : undefined;
        if (cached) kept.add(key + extension);
        if (cached && existsSync(cached)) {
          await copyFile(cached, file + extension);
          continue;
        }
        const copy = await compress(content);
        await writeFile(file + extension, copy);
        if (cached) {
          // Renamed into place whole: a build stopped halfway leaves no truncated copy to reuse.
          // (Two files of one content both get here: each writes a temporary file of its own.)
          const temporary = `${cached}.${process.pid}-${(temporaryFiles += 1)}.tmp`;
          await writeFile(temporary, copy);
          await rename(temporary, cached);
        }
      }
    }),
  );
  if (cacheDir) {
    for (const entry of readdirSync(cacheDir)) if (!kept.has(entry)) rmSync(join(cacheDir, entry), { force: true });
  }
}
