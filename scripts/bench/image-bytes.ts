/**
 * Image bytes of a product page's main image on a phone, before and after image copies: the
 * store's large JPEG as it was shown (its own URL, whole), against the copy the browser picks from
 * our srcset, as WebP and as AVIF (copier.ts makes the copies, exactly as the worker does; a
 * browser that accepts AVIF gets that one), with the fidelity of each (PSNR). Deterministic: bytes,
 * no timings, so it holds on a busy machine; LCP needs Lighthouse on a quiet one.
 *
 *   npm run bench:image-bytes                        (a 2,000 × 1,500 photo-like JPEG made here)
 *   npm run bench:image-bytes -- --jpeg photo.jpg    (a store's real photo)
 *
 * The phone is Lighthouse's mobile preset: 412 CSS pixels wide at a device pixel ratio of 1.75;
 * the product page's image is `sizes="100vw"` there (mfe-storefront gallery.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { storeImage } from '../../api/src/features/image-copies/copier';
import { copyKey, folderStorage, type CopyFormat } from '../../api/src/features/image-copies/storage';
import { photoLikeJpeg } from './photo-like-jpeg';

const PHONE_CSS_WIDTH = 412;
const PHONE_PIXEL_RATIO = 1.75;

/** Peak signal-to-noise ratio of `copy` against the original resized to `width` the same way (RGB, dB). */
async function psnr(original: Buffer, copy: Buffer, width: number): Promise<number> {
  const rgb = (image: ReturnType<typeof sharp>) => image.removeAlpha().toColourspace('srgb').raw().toBuffer();
  const reference = await rgb(sharp(original).rotate().resize({ width, withoutEnlargement: true }));
  const decoded = await rgb(sharp(copy));
  let squares = 0;
  for (let i = 0; i < reference.length; i++) squares += (reference[i]! - decoded[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (squares / reference.length));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const jpegIndex = args.indexOf('--jpeg');
  const original = jpegIndex >= 0 ? fs.readFileSync(args[jpegIndex + 1]!) : await photoLikeJpeg();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'koopjesland-image-bytes-'));
  try {
    const storage = folderStorage(folder);
    const copied = await storeImage(storage, original);
    const bytesOf = (width: number, format: CopyFormat) => fs.statSync(path.join(folder, copyKey(copied.hash, width, format))).size;
    const wanted = PHONE_CSS_WIDTH * PHONE_PIXEL_RATIO;
    const picked = copied.widths.find((width) => width >= wanted) ?? copied.widths[copied.widths.length - 1]!;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    const share = (bytes: number) => `${((bytes / original.length) * 100).toFixed(1)} % of the original`;
    console.log(`original JPEG ${copied.width} × ${copied.height}: ${kb(original.length)}`);
    for (const width of copied.widths) {
      console.log(`  copy ${String(width).padStart(4)} px: WebP ${kb(bytesOf(width, 'webp'))}, AVIF ${kb(bytesOf(width, 'avif'))}`);
    }
    console.log(`\nphone (${PHONE_CSS_WIDTH} CSS px × ${PHONE_PIXEL_RATIO}): picks the ${picked} px copy`);
    for (const format of ['webp', 'avif'] as const) {
      const copy = fs.readFileSync(path.join(folder, copyKey(copied.hash, picked, format)));
      console.log(`  fidelity of the ${format === 'webp' ? 'WebP' : 'AVIF'} copy: PSNR ${(await psnr(original, copy, picked)).toFixed(2)} dB`);
    }
    console.log(
      `product page main image: before ${kb(original.length)}, ` +
        `after ${kb(bytesOf(picked, 'webp'))} as WebP (${share(bytesOf(picked, 'webp'))}), ` +
        `${kb(bytesOf(picked, 'avif'))} as AVIF (${share(bytesOf(picked, 'avif'))})`,
    );
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
