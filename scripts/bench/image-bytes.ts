/**
 * Image bytes of a product page's main image on a phone, before and after image copies: the
 * store's large JPEG as it was shown (its own URL, whole), against the WebP copy the browser picks
 * from our srcset (copier.ts makes the copies, exactly as the worker does). Deterministic: bytes,
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
import { storeImage } from '../../api/src/features/image-copies/copier';
import { copyKey, folderStorage } from '../../api/src/features/image-copies/storage';
import { photoLikeJpeg } from './photo-like-jpeg';

const PHONE_CSS_WIDTH = 412;
const PHONE_PIXEL_RATIO = 1.75;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const jpegIndex = args.indexOf('--jpeg');
  const original = jpegIndex >= 0 ? fs.readFileSync(args[jpegIndex + 1]!) : await photoLikeJpeg();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'koopjesland-image-bytes-'));
  try {
    const storage = folderStorage(folder);
    const copied = await storeImage(storage, original);
    const sizes = new Map<number, number>();
    for (const width of copied.widths) sizes.set(width, fs.statSync(path.join(folder, copyKey(copied.hash, width))).size);
    const wanted = PHONE_CSS_WIDTH * PHONE_PIXEL_RATIO;
    const picked = copied.widths.find((width) => width >= wanted) ?? copied.widths[copied.widths.length - 1]!;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log(`original JPEG ${copied.width} × ${copied.height}: ${kb(original.length)}`);
    for (const [width, bytes] of sizes) console.log(`  WebP copy ${String(width).padStart(4)} px: ${kb(bytes)}`);
    console.log(`\nphone (${PHONE_CSS_WIDTH} CSS px × ${PHONE_PIXEL_RATIO}): picks the ${picked} px copy`);
    console.log(`product page main image: before ${kb(original.length)}, after ${kb(sizes.get(picked)!)} (${((sizes.get(picked)! / original.length) * 100).toFixed(1)} % of the original)`);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
