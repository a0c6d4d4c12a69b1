/** Gallery rules (docs/product.md §4 "Image gallery", §9). */
import type { Product } from '@koopjesland/shared';
import { shownImage, type ShownImage } from '../../lib/shown-image';

export const AUTO_ADVANCE_MS = 5000;
export const TRANSITION_MS = 300;
export const CHANGE_LOCK_MS = 300;
export const SWIPE_THRESHOLD_PX = 50;
export const MASONRY_GUTTER_PX = 16;
/** Small enough that a phone's first screen holds name, image and lowest price (375×667). */
export const CAROUSEL_IMAGE_HEIGHT_PX = 240;

/**
 * The height the mobile carousel takes once its code has loaded (image and dots, plus the
 * previous/next row when there are several images, at a phone's 375 px), reserved meanwhile so
 * the offers below do not jump down when it arrives (a layout shift).
 */
export const carouselHeightPx = (imageCount: number) => (imageCount > 1 ? 302 : 246);

export type GalleryImage = ShownImage;

/** Enabled images that can be shown, main image first; the product's own image when it has no image list. */
export function galleryImages(product: Product): GalleryImage[] {
  const images = (product.images ?? []).filter((image) => !image.isDisabled);
  images.sort((a, b) => Number(b.main) - Number(a.main));
  const shown = new Map<string, GalleryImage>();
  for (const image of images) {
    const view = shownImage(image.url, image.copy);
    if (view && !shown.has(view.src)) shown.set(view.src, view);
  }
  if (images.length === 0 && product.image) {
    const view = shownImage(product.image, product.imageCopy);
    if (view) shown.set(view.src, view);
  }
  return [...shown.values()];
}

/** How wide each image is drawn, for the browser to pick from `srcSet`: the page's main image, a masonry tile, the carousel. */
export const MAIN_IMAGE_SIZES = '(max-width: 767px) 100vw, 50vw';
export const TILE_IMAGE_SIZES = '(max-width: 767px) 33vw, 17vw';
export const CAROUSEL_IMAGE_SIZES = '100vw';

/** Previous/next and dots wrap around. */
export const wrapIndex = (index: number, count: number) => ((index % count) + count) % count;

/** A swipe over the threshold moves one image, without wrapping; null when it does not move. */
export function swipeTarget(current: number, deltaX: number, count: number): number | null {
  if (Math.abs(deltaX) <= SWIPE_THRESHOLD_PX) return null;
  const target = deltaX < 0 ? current + 1 : current - 1;
  return target < 0 || target >= count ? null : target;
}
