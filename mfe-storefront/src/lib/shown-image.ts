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
 * Our own copy of the image, or an upload on our own origin. Never a store's URL: a visitor's
 * browser asks no third-party host, and an image not copied yet (or refused) gives null, so the
 * placeholder shows instead of a broken image. The demo's drawings (`/media/…`, SVG) are copied
 * like a store's images and shown only as their copies.
 */
export function shownImage(url: string, copy: ImageCopy | null | undefined): ShownImage | null {
  if (copy) return { key: url, src: copy.src, srcSet: copy.srcSet, width: copy.width, height: copy.height };
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/media/') ? { key: url, src: url } : null;
}
