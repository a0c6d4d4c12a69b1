/** Gallery rules (docs/product.md §4 "Image gallery", §9). */
import type { Product } from '@koopjesland/shared';

export const AUTO_ADVANCE_MS = 5000;
export const TRANSITION_MS = 300;
export const CHANGE_LOCK_MS = 300;
export const SWIPE_THRESHOLD_PX = 50;
export const MASONRY_GUTTER_PX = 16;
export const CAROUSEL_IMAGE_HEIGHT_PX = 320;

/**
 * The height the mobile carousel takes once its code has loaded (image and dots, plus the
 * previous/next row when there are several images, at a phone's 375 px), reserved meanwhile so
 * the offers below do not jump down when it arrives (a layout shift).
 */
export const carouselHeightPx = (imageCount: number) => (imageCount > 1 ? 382 : 326);

/** Enabled images, main image first; the product's own image when it has no image list. */
export function galleryImages(product: Product): string[] {
  const images = (product.images ?? []).filter((image) => !image.isDisabled);
  images.sort((a, b) => Number(b.main) - Number(a.main));
  const urls = images.map((image) => image.url);
  if (urls.length === 0 && product.image) urls.push(product.image);
  return [...new Set(urls)];
}

/** Previous/next and dots wrap around. */
export const wrapIndex = (index: number, count: number) => ((index % count) + count) % count;

/** A swipe over the threshold moves one image, without wrapping; null when it does not move. */
export function swipeTarget(current: number, deltaX: number, count: number): number | null {
  if (Math.abs(deltaX) <= SWIPE_THRESHOLD_PX) return null;
  const target = deltaX < 0 ? current + 1 : current - 1;
  return target < 0 || target >= count ? null : target;
}
