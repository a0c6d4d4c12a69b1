/**
 * Product images copied to our own origin. A run registers each image URL it brings (apply.ts);
 * a worker downloads every registered URL once, through the feed fetcher (address guard on every
 * hop, timeouts, redirects) with a size limit of its own, judges the type from the bytes (JPEG,
 * PNG, GIF, WebP, AVIF; SVG and anything else that is not a raster image is refused), keeps the
 * original once per content hash and makes WebP copies at a few widths with sharp, and AVIF copies
 * of the same widths for a store's photos (routes.ts serves them to browsers that accept AVIF).
 * The demo's own drawings (`/media/…` addresses, SVG made from database rows) take the same path,
 * rendered to a raster in-process: no request to ourselves, and no exception in the address guard
 * for loopback. They get no AVIF copies: flat drawings are a few KiB as WebP already, and AVIF
 * encoding takes several times as long, minutes of a core for a fresh demo's drawings.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { categories, productImages, stores } from '../../db/schema';
import { DRAWING_ADDRESS, drawingAt } from '../media/drawings';
import { DEFAULT_LIMITS, download, FeedFailure, type SourceLimits } from '../../importers/source';
import { copyKey, originalKey, type ImageStorage } from './storage';

// Copying is background work: libvips on one thread leaves the other cores to the visitors' requests.
sharp.concurrency(1);

/** The widths of the WebP copies: cards (1x, 2x), the product page and its gallery. */
export const COPY_WIDTHS = [160, 320, 640, 1280] as const;
/** An image larger than this is refused (no product photo needs it). */
export const MAX_IMAGE_BYTES = 20 * 1024 ** 2;
/** Pixels sharp decodes at most: a small file claiming a huge canvas is refused, not decoded. */
const MAX_PIXELS = 50_000_000;
/** How often a long pass tells the caches that copies were made (and once at its end). */
const ANNOUNCE_EVERY_MS = 5_000;
/** A worker that claimed a URL this long ago and never finished (it died) leaves it to another. */
const CLAIM_SECONDS = 600;

export const IMAGE_LIMITS: SourceLimits = {
  ...DEFAULT_LIMITS,
  timeoutMs: 60_000,
  readTimeoutMs: 20_000,
  maxDownloadBytes: MAX_IMAGE_BYTES,
  maxUncompressedBytes: MAX_IMAGE_BYTES,
};

export class ImageRefused extends Error {}

type RasterType = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** The raster format the first bytes show, or null. */
export function rasterTypeOf(bytes: Buffer): RasterType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const ascii = bytes.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  if (ascii.slice(4, 8) === 'ftyp' && /^(avif|avis)$/.test(ascii.slice(8, 12))) return 'avif';
  return null;
}

export interface CopiedImage {
  hash: string;
  width: number;
  height: number;
  widths: number[];
}

/** Makes the copies of one original (its bytes already judged a raster image); AVIF ones too when `avif`. */
export async function storeImage(storage: ImageStorage, bytes: Buffer, { avif = true } = {}): Promise<CopiedImage> {
  const type = rasterTypeOf(bytes);
  if (!type) {
    const start = bytes.subarray(0, 256).toString('latin1').trimStart().toLowerCase();
    throw new ImageRefused(
      start.startsWith('<') ? 'The file is SVG or other markup, not a raster image' : 'The file is not a JPEG, PNG, GIF, WebP or AVIF image',
    );
  }
  const hash = crypto.createHash('sha256').update(bytes).digest('hex');
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  const metadata = await image.metadata().catch(() => {
    throw new ImageRefused(`The ${type} image cannot be read`);
  });
  // EXIF orientation turns a portrait photo's stored width and height around.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = (turned ? metadata.height : metadata.width) ?? 0;
  const height = (turned ? metadata.width : metadata.height) ?? 0;
  if (width < 1 || height < 1) throw new ImageRefused(`The ${type} image has no size`);
  if (!(await storage.has(originalKey(hash)))) await storage.put(originalKey(hash), bytes);
  // Never larger than the original: the widest copy is the original's width.
  const widths = [...new Set(COPY_WIDTHS.map((w) => Math.min(w, width)))];
  for (const w of widths) {
    for (const format of avif ? (['webp', 'avif'] as const) : (['webp'] as const)) {
      if (await storage.has(copyKey(hash, w, format))) continue;
      const resized = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false }).rotate().resize({ width: w, withoutEnlargement: true });
      // Low efforts (WebP 2 of 6, AVIF 2 of 9): a fraction of the default encoding time for a few
      // percent more bytes, which matters when a feed run brings thousands of images at once.
      // AVIF with WebP's chroma subsampling (sharp's default for AVIF is 4:4:4, a third larger)
      // and the quality at which a photo keeps at least the WebP copy's fidelity (bench:image-bytes).
      const copy = await (format === 'webp'
        ? resized.webp({ quality: 80, effort: 2 })
        : resized.avif({ quality: 45, effort: 2, chromaSubsampling: '4:2:0' })
      ).toBuffer();
      await storage.put(copyKey(hash, w, format), copy);
    }
  }
  return { hash, width, height, widths };
}

/** Downloads one image URL within the limits: its bytes. */
export async function downloadImage(url: string, allowedHosts: readonly string[], limits: SourceLimits = IMAGE_LIMITS): Promise<Buffer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const { body, gzipped } = await download({
    url,
    credentials: null,
    credentialStyle: undefined,
    limits,
    allowedHosts,
    signal,
  });
  const chunks: Buffer[] = [];
  let size = 0;
  const source = gzipped ? body.pipe(zlib.createGunzip()) : body;
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > limits.maxDownloadBytes) {
      body.destroy();
      throw new ImageRefused('The image is larger than the size limit');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Addresses that are copied: a store's http(s) URL, or one of our own drawings. */
export function copiedAddress(url: SQL): SQL {
  return sql`(${url} ~* '^https?://' or ${url} ~ ${DRAWING_ADDRESS.source})`;
}

/**
 * Registers image URLs (a query answering `url`) for copying; known ones are left as they are.
 * Inserted in key order, so consecutive rows land on neighbouring pages of the url index instead
 * of one random page each (a feed's first run registers a URL per product).
 */
export async function registerImageUrls(db: Pick<Database, 'execute'>, urls: SQL): Promise<void> {
  await db.execute(sql`
    insert into image_copies (url)
    select distinct u.url from (${urls}) as u(url)
    where ${copiedAddress(sql`u.url`)}
    order by u.url
    on conflict (url) do nothing`);
}

/** Registers every image a page shows: product images, store logos and category images. */
export async function registerShownImages(db: Pick<Database, 'execute'>): Promise<void> {
  await registerImageUrls(
    db,
    sql`select ${productImages.url} from ${productImages}
      union all select ${stores.logo} from ${stores}
      union all select ${categories.image} from ${categories}`,
  );
}

/** Registers one image address (an admin's save); null, blank and addresses never copied are ignored. */
export async function registerImageUrl(db: Pick<Database, 'execute'>, url: string | null | undefined): Promise<void> {
  if (url) await registerImageUrls(db, sql`select ${url}::text`);
}

/** Drawings are rendered at least this wide, so a small logo still has sharp copies for 2x screens. */
const MIN_DRAWING_WIDTH = 480;

/** One of our own drawings as a PNG (a raster like any store's image), or refused when its row is gone. */
export async function renderDrawing(db: Pick<Database, 'select'>, address: string): Promise<Buffer> {
  const drawing = await drawingAt(db, address);
  if (!drawing) throw new ImageRefused('The drawing no longer exists');
  const svg = Buffer.from(drawing);
  const { width = MIN_DRAWING_WIDTH } = await sharp(svg).metadata();
  // SVG is drawn at 72 dpi by default; a higher density draws a narrow drawing wider, still crisp.
  const density = 72 * Math.max(1, Math.ceil(MIN_DRAWING_WIDTH / width));
  return sharp(svg, { density }).png().toBuffer();
}

/** The condition of a claim whose worker stopped half-way (it crashed or was restarted): anyone may take it over. */
const abandonedClaim = sql`status = 'fetching' and claimed_at < now() - make_interval(secs => ${CLAIM_SECONDS})`;

/** True when a copy claimed by a worker that stopped half-way waits to be taken over. */
export async function hasAbandonedClaims(db: Pick<Database, 'execute'>): Promise<boolean> {
  const result = (await db.execute(sql`select exists (select 1 from image_copies where ${abandonedClaim}) as waiting`)) as unknown as {
    rows: { waiting: boolean }[];
  };
  return result.rows[0]?.waiting === true;
}

/** Claims up to `limit` registered URLs for this worker. */
async function claim(db: Database, limit: number): Promise<string[]> {
  const result = (await db.execute(sql`
    update image_copies c set status = 'fetching', claimed_at = now()
    where c.url in (
      select w.url from image_copies w
      where w.status = 'pending' or (${abandonedClaim})
      -- Newest first: what a run or an admin has just registered is copied before a backfill.
      order by w.created_at desc
      limit ${limit}
      for update skip locked)
    returning c.url`)) as unknown as { rows: { url: string }[] };
  return result.rows.map((row) => row.url);
}

export interface CopierOptions {
  storage: ImageStorage;
  allowedHosts: readonly string[];
  limits?: SourceLimits;
  batchSize?: number;
  /** Told of an unexpected error (a bug, not a bad image): logged by the worker. */
  onError?: (url: string, error: unknown) => void;
}

/** Copies every registered URL, a batch at a time, until none is left; answers how many were done. */
export async function copyRegisteredImages(db: Database, options: CopierOptions): Promise<{ stored: number; failed: number }> {
  let stored = 0;
  let failed = 0;
  // Pages name a copy once it is made: cached responses and pages (keyed on the catalogue's
  // version) that showed the placeholder are answered afresh. At most every few seconds, so a
  // pass over thousands of images does not empty every cache after each batch.
  let unannounced = false;
  let announcedAt = Date.now();
  const announce = async () => {
    await db.execute(sql`select nextval('catalog_version')`);
    unannounced = false;
    announcedAt = Date.now();
  };
  for (let urls = await claim(db, options.batchSize ?? 10); urls.length > 0; urls = await claim(db, options.batchSize ?? 10)) {
    const storedBefore = stored;
    for (const url of urls) {
      try {
        const drawing = url.startsWith('/');
        const bytes = drawing ? await renderDrawing(db, url) : await downloadImage(url, options.allowedHosts, options.limits);
        const copied = await storeImage(options.storage, bytes, { avif: !drawing });
        await db.execute(sql`
          update image_copies set status = 'stored', content_hash = ${copied.hash}, width = ${copied.width},
            height = ${copied.height}, widths = ${`{${copied.widths.join(',')}}`}::int[], failure = null, fetched_at = now()
          where url = ${url}`);
        stored++;
      } catch (error) {
        // One bad image never stops the others; the placeholder stands in for it.
        const known = error instanceof ImageRefused || error instanceof FeedFailure;
        if (!known) options.onError?.(url, error);
        const failure = known ? (error as Error).message : 'The image could not be copied';
        await db.execute(sql`
          update image_copies set status = 'failed', failure = ${failure}, fetched_at = now() where url = ${url}`);
        failed++;
      }
    }
    if (stored > storedBefore) unannounced = true;
    if (unannounced && Date.now() - announcedAt >= ANNOUNCE_EVERY_MS) await announce();
  }
  if (unannounced) await announce();
  return { stored, failed };
}
