/**
 * Uploaded product images on disk: the type is read from the file's first bytes (never from
 * the name or the browser's content type), the size is capped, and files live in
 * `<DATA_DIR>/media/uploads/` under a random name, so a URL never changes its content.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_URL_PREFIX = '/api/media/uploads/';
/** `<product id>-<16 hex>.<ext>`: the only names the upload route writes and the media route reads. */
export const UPLOAD_FILE_NAME = /^\d{1,10}-[a-f0-9]{16}\.(jpg|png|gif|webp)$/;

const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;
export type ImageExtension = keyof typeof CONTENT_TYPES;

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'media', 'uploads');
export const contentTypeOf = (file: string) => CONTENT_TYPES[path.extname(file).slice(1) as ImageExtension];

export interface ImageInfo {
  extension: ImageExtension;
  width: number | null;
  height: number | null;
}

/** The image type and size from the file's header; null when it is not a JPEG, PNG, GIF or WebP. */
export function imageInfo(bytes: Buffer): ImageInfo | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) return { extension: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length >= 10 && bytes.toString('ascii', 0, 4) === 'GIF8') return { extension: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.length >= 30 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return { extension: 'webp', ...webpSize(bytes) };
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { extension: 'jpg', ...jpegSize(bytes) };
  return null;
}

function webpSize(bytes: Buffer): { width: number | null; height: number | null } {
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return { width: null, height: null };
}

/** Walks the JPEG markers to the first start-of-frame, which holds the size. */
function jpegSize(bytes: Buffer): { width: number | null; height: number | null } {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return { width: null, height: null };
    const marker = bytes[offset + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return { width: null, height: null };
}

/** Writes an upload and answers its public URL. */
export async function storeUpload(dataDir: string, productId: number, bytes: Buffer, extension: ImageExtension): Promise<string> {
  const name = `${productId}-${crypto.randomBytes(8).toString('hex')}.${extension}`;
  await fs.mkdir(uploadsDir(dataDir), { recursive: true });
  await fs.writeFile(path.join(uploadsDir(dataDir), name), bytes, { flag: 'wx' });
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/** Removes the file behind an uploaded image's URL; other URLs (feeds, demo) are left alone. */
export async function removeUpload(dataDir: string, url: string): Promise<void> {
  if (!url.startsWith(UPLOAD_URL_PREFIX)) return;
  const name = url.slice(UPLOAD_URL_PREFIX.length);
  if (!UPLOAD_FILE_NAME.test(name)) return;
  await fs.rm(path.join(uploadsDir(dataDir), name), { force: true });
}
