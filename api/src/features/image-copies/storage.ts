/**
 * Where image copies are kept, behind one small interface: a folder under DATA_DIR
 * (`<dataDir>/images`) by default. An S3-compatible store can take its place by implementing the
 * same four calls (keys are relative paths of lower-case hex and digits; writes are whole
 * objects; reads stream), with the route serving `/media/images/…` reading through it.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

export interface ImageStorage {
  has(key: string): Promise<boolean>;
  /** Writes the whole object; a reader never sees half of it. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The object's bytes and size, or null when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
}

/** Keys are made by this feature only; anything else is refused rather than resolved. */
const KEY = /^[a-z0-9]+(\/[a-z0-9]+(\.[a-z0-9]+)?)*$/;

export function folderStorage(root: string): ImageStorage {
  const file = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid image storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async has(key) {
      return fs.existsSync(file(key));
    },
    async put(key, bytes) {
      const target = file(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fsp.writeFile(temporary, bytes);
      await fsp.rename(temporary, target);
    },
    async open(key) {
      const target = file(key);
      const stat = await fsp.stat(target).catch(() => null);
      if (!stat?.isFile()) return null;
      return { stream: fs.createReadStream(target), size: stat.size };
    },
  };
}

/** The original, once per content hash. */
export const originalKey = (hash: string) => `originals/${hash.slice(0, 2)}/${hash}`;
/** The formats copies are made in: WebP always, AVIF for stores' photos (copier.ts). */
export type CopyFormat = 'webp' | 'avif';
/** A copy `width` pixels wide. */
export const copyKey = (hash: string, width: number, format: CopyFormat = 'webp') =>
  `${format}/${hash.slice(0, 2)}/${hash}/${width}.${format}`;
