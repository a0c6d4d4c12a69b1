/**
 * A store's logo as our own copy (features/image-copies: WebP with srcset), `height` pixels high
 * and at most `maxWidth` wide. Nothing until the copy is made (the store's name stands beside it),
 * never the store's own address: a visitor's browser asks no store's host.
 */
import type { ImageCopy } from '@koopjesland/shared';
import { shownImage } from '../../lib/shown-image';

export function StoreLogo({
  logo,
  logoCopy,
  height,
  maxWidth,
}: {
  logo: string | null;
  logoCopy?: ImageCopy | null;
  height: number;
  maxWidth?: number;
}) {
  const image = logo ? shownImage(logo, logoCopy) : null;
  if (!image) return null;
  const natural = image.width && image.height ? Math.round((height * image.width) / image.height) : undefined;
  const shown = natural && maxWidth ? Math.min(natural, maxWidth) : natural;
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet && shown ? `${shown}px` : undefined}
      width={image.width}
      height={image.height}
      alt=""
      data-testid="store-logo"
      style={{ height, width: 'auto', maxWidth, objectFit: 'contain' }}
    />
  );
}
