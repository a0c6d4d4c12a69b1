/** Product images: a carousel on mobile (loaded only there), a main image plus masonry on desktop. */
import { lazy, Suspense, useState } from 'react';
import type { Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useIsMobile } from '../../lib/useIsMobile';
import {
  CAROUSEL_IMAGE_HEIGHT_PX,
  CAROUSEL_IMAGE_SIZES,
  carouselHeightPx,
  galleryImages,
  MAIN_IMAGE_SIZES,
  MASONRY_GUTTER_PX,
  TILE_IMAGE_SIZES,
  type GalleryImage,
} from './gallery';

const MobileCarousel = lazy(() => import('./MobileCarousel'));

const MAIN_IMAGE_HEIGHT_PX = 420;

export function Gallery({ product }: { product: Product }) {
  const { t } = useStorefrontT();
  const isMobile = useIsMobile();
  const images = galleryImages(product);
  const [preview, setPreview] = useState<GalleryImage | null>(null);

  if (images.length === 0) {
    return (
      <div style={{ height: 320, display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>{t('product.noImage')}</div>
    );
  }
  if (isMobile) {
    // Until the carousel's code arrives: its first image, in the space the carousel will take.
    return (
      <div data-testid="carousel-slot" style={{ minHeight: carouselHeightPx(images.length) }}>
        <Suspense
          fallback={
            <img
              src={images[0]!.src}
              srcSet={images[0]!.srcSet}
              sizes={images[0]!.srcSet ? CAROUSEL_IMAGE_SIZES : undefined}
              alt={product.name}
              width={CAROUSEL_IMAGE_HEIGHT_PX}
              height={CAROUSEL_IMAGE_HEIGHT_PX}
              fetchPriority="high"
              style={{ width: '100%', height: CAROUSEL_IMAGE_HEIGHT_PX, objectFit: 'contain' }}
            />
          }
        >
          <MobileCarousel images={images} alt={product.name} />
        </Suspense>
      </div>
    );
  }
  const [main, ...extra] = images as [GalleryImage, ...GalleryImage[]];
  const shown = preview ?? main;
  return (
    <div className="kl-gallery">
      {/* The page's largest image: its box is fixed before it loads, and it is fetched first. */}
      <img
        src={shown.src}
        srcSet={shown.srcSet}
        sizes={shown.srcSet ? MAIN_IMAGE_SIZES : undefined}
        alt={product.name}
        width={MAIN_IMAGE_HEIGHT_PX}
        height={MAIN_IMAGE_HEIGHT_PX}
        fetchPriority="high"
        style={{ width: '100%', height: MAIN_IMAGE_HEIGHT_PX, objectFit: 'contain', background: '#fff' }}
      />
      {extra.length > 0 && (
        // Masonry in CSS columns: each image keeps its own height, three to a row.
        <div className="kl-masonry" style={{ marginTop: MASONRY_GUTTER_PX, columnGap: MASONRY_GUTTER_PX }}>
          {extra.map((image, index) => (
            <img
              key={image.key}
              src={image.src}
              srcSet={image.srcSet}
              sizes={image.srcSet ? TILE_IMAGE_SIZES : undefined}
              width={image.width}
              height={image.height}
              alt={t('gallery.imageAlt', { name: product.name, number: index + 2 })}
              loading="lazy"
              style={{ marginBottom: MASONRY_GUTTER_PX, width: '100%', height: 'auto' }}
              onMouseEnter={() => setPreview(image)}
              onMouseLeave={() => setPreview(null)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
