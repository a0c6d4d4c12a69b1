/**
 * Mobile gallery: react-slick, auto-advance every 5 s with a 300 ms transition, dots,
 * previous/next that wrap, swipe over 50 px without wrap, and a 300 ms lock against rapid changes.
 */
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useRef, useState, type TouchEvent } from 'react';
import Slider from 'react-slick';
import { useStorefrontT } from '../../i18n';
import {
  AUTO_ADVANCE_MS,
  CAROUSEL_IMAGE_HEIGHT_PX,
  CAROUSEL_IMAGE_SIZES,
  CHANGE_LOCK_MS,
  swipeTarget,
  TRANSITION_MS,
  wrapIndex,
  type GalleryImage,
} from './gallery';
import { Button } from '../../lib/button';
import { Icon } from '../../lib/icon';

export default function MobileCarousel({ images, alt }: { images: GalleryImage[]; alt: string }) {
  const { t } = useStorefrontT();
  const slider = useRef<Slider>(null);
  const [index, setIndex] = useState(0);
  const lockedUntil = useRef(0);
  const touchStartX = useRef<number | null>(null);

  const goTo = (target: number) => {
    const now = Date.now();
    if (now < lockedUntil.current || target === index) return;
    lockedUntil.current = now + CHANGE_LOCK_MS;
    slider.current?.slickGoTo(target);
    setIndex(target);
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start === null || end === undefined) return;
    const target = swipeTarget(index, end - start, images.length);
    if (target !== null) goTo(target);
  };

  return (
    <div className="kl-carousel" aria-roledescription="carousel" aria-label={t('gallery.label')} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
      <Slider
        ref={slider}
        autoplay={images.length > 1}
        autoplaySpeed={AUTO_ADVANCE_MS}
        speed={TRANSITION_MS}
        dots
        arrows={false}
        swipe={false}
        infinite
        afterChange={setIndex}
        customPaging={(dot) => <button type="button" aria-label={t('gallery.showImage', { number: dot + 1 })} />}
      >
        {images.map((image, position) => (
          <div key={image.key}>
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes={image.srcSet ? CAROUSEL_IMAGE_SIZES : undefined}
              alt={t('gallery.imageAlt', { name: alt, number: position + 1 })} style={{ width: '100%', height: CAROUSEL_IMAGE_HEIGHT_PX, objectFit: 'contain' }} />
          </div>
        ))}
      </Slider>
      {images.length > 1 && (
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 24 }}>
          <Button icon={<Icon icon={LeftOutlined} />} aria-label={t('gallery.previous')} onClick={() => goTo(wrapIndex(index - 1, images.length))} />
          <Button icon={<Icon icon={RightOutlined} />} aria-label={t('gallery.next')} onClick={() => goTo(wrapIndex(index + 1, images.length))} />
        </div>
      )}
    </div>
  );
}
