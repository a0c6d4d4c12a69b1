/** Which address the storefront shows an image from (docs/feeds.md "Images from our own origin"). */
import type { ImageCopy } from '@koopjesland/shared';

/** An image as the page shows it: our WebP copies (`srcSet`) and the original's size when known. */
export interface ShownImage {
  key: string;
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

/**
 * Our own copy of the image, else an address on our own origin (an upload, or one of the demo's
 * drawings under `/media/`, which are copied like a store's images and shown as their copies once
 * made). Never a store's URL: a visitor's browser asks no third-party host, and a store's image
 * not copied yet (or refused) gives null, so the placeholder shows instead of a broken image.
 */
export function shownImage(url: string, copy: ImageCopy | null | undefined): ShownImage | null {
  if (copy) return { key: url, src: copy.src, srcSet: copy.srcSet, width: copy.width, height: copy.height };
  return url.startsWith('/') && !url.startsWith('//') ? { key: url, src: url } : null;
}
