/** Product images: a carousel on mobile (loaded only there), a main image plus masonry on desktop. */
import { lazy, Suspense, useState } from 'react';
import type { Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useIsMobile } from '../../lib/useIsMobile';
import { CAROUSEL_IMAGE_HEIGHT_PX, carouselHeightPx, galleryImages, MASONRY_GUTTER_PX } from './gallery';

const MobileCarousel = lazy(() => import('./MobileCarousel'));

const MAIN_IMAGE_HEIGHT_PX = 420;

export function Gallery({ product }: { product: Product }) {
  const { t } = useStorefrontT();
  const isMobile = useIsMobile();
  const images = galleryImages(product);
  const [preview, setPreview] = useState<string | null>(null);

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
              src={images[0]}
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
  const [main, ...extra] = images;
  return (
    <div className="kl-gallery">
      {/* The page's largest image: its box is fixed before it loads, and it is fetched first. */}
      <img
        src={preview ?? main}
        alt={product.name}
        width={MAIN_IMAGE_HEIGHT_PX}
        height={MAIN_IMAGE_HEIGHT_PX}
        fetchPriority="high"
        style={{ width: '100%', height: MAIN_IMAGE_HEIGHT_PX, objectFit: 'contain', background: '#fff' }}
      />
      {extra.length > 0 && (
        // Masonry in CSS columns: each image keeps its own height, three to a row.
        <div className="kl-masonry" style={{ marginTop: MASONRY_GUTTER_PX, columnGap: MASONRY_GUTTER_PX }}>
          {extra.map((url, index) => (
            <img
              key={url}
              src={url}
              alt={t('gallery.imageAlt', { name: product.name, number: index + 2 })}
              loading="lazy"
              style={{ marginBottom: MASONRY_GUTTER_PX }}
              onMouseEnter={() => setPreview(url)}
              onMouseLeave={() => setPreview(null)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
