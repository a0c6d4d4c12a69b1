import { screen, waitFor } from '@testing-library/react';
import { makeProduct } from '../../test/fixtures';
import { mockApi } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { Gallery } from './Gallery';

const images = ['a', 'b', 'c'].map((name, index) => ({
  id: index + 1, url: `/api/media/uploads/${name}.webp`, store: null, width: 800, height: 800, filename: `${name}.webp`, alt: null, main: index === 0, isDisabled: false,
}));

describe('Gallery on a phone', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('holds the carousel its space and shows the main image while the carousel loads, so nothing below jumps', async () => {
    mockApi({});
    renderStorefront(<Gallery product={makeProduct({ name: 'OLED TV', images })} />);
    const slot = screen.getByTestId('carousel-slot');
    expect(slot).toHaveStyle({ minHeight: '302px' });
    expect(slot.querySelector('img')).toHaveAttribute('src', '/api/media/uploads/a.webp');
    // Then the carousel itself, in the same slot.
    await waitFor(() => expect(slot.querySelector('[aria-roledescription="carousel"]')).not.toBeNull());
  });
});

describe('Gallery: images from our own origin only', () => {
  const copy = (name: string) => ({
    src: `/api/image-copies/${name}/640.webp`,
    srcSet: `/api/image-copies/${name}/320.webp 320w, /api/image-copies/${name}/640.webp 640w`,
    width: 1600,
    height: 1200,
  });
  const storeImage = (id: number, name: string, main: boolean, copied: boolean) => ({
    id, url: `https://cdn.winkel.example/${name}.jpg`, store: { name: 'Winkel' }, width: null, height: null, filename: null, alt: null,
    main, isDisabled: false, copy: copied ? copy(name) : null,
  });

  it('shows our copies with srcset, sizes and their size, and leaves out an image not copied yet', () => {
    mockApi({});
    const { container } = renderStorefront(
      <Gallery product={makeProduct({ name: 'Koffiezetter', images: [storeImage(1, 'main', true, true), storeImage(2, 'pending', false, false), storeImage(3, 'side', false, true)] })} />,
    );
    const shown = [...container.querySelectorAll('img')];
    expect(shown.map((img) => img.getAttribute('src'))).toEqual(['/api/image-copies/main/640.webp', '/api/image-copies/side/640.webp']);
    expect(shown[0]).toHaveAttribute('srcset', copy('main').srcSet);
    expect(shown[0]).toHaveAttribute('sizes', '(max-width: 767px) 100vw, 50vw');
    expect(shown[1]).toHaveAttribute('srcset', copy('side').srcSet);
    expect(shown[1]).toHaveAttribute('width', '1600');
    expect(shown[1]).toHaveAttribute('height', '1200');
    // No store's address anywhere on the page: the visitor's browser asks no third-party host.
    expect(container.innerHTML).not.toContain('winkel.example');
  });

  it('shows the placeholder, never a broken image, when no image is copied yet', () => {
    mockApi({});
    const { container } = renderStorefront(
      <Gallery product={makeProduct({ name: 'Koffiezetter', image: 'https://cdn.winkel.example/main.jpg', images: [storeImage(1, 'main', true, false)] })} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('No Image')).toBeInTheDocument();
  });

  it("shows the demo's drawing from our own origin until its copy is made, then the copy", () => {
    mockApi({});
    const drawing = { ...storeImage(1, 'main', true, false), url: '/media/products/7-1.svg', store: null };
    const { container, unmount } = renderStorefront(<Gallery product={makeProduct({ name: 'Koffiezetter', image: drawing.url, images: [drawing] })} />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/products/7-1.svg');
    unmount();
    const copied = { ...drawing, copy: { src: '/api/image-copies/abc/640.webp', srcSet: '/api/image-copies/abc/160.webp 160w', width: 800, height: 800 } };
    const again = renderStorefront(<Gallery product={makeProduct({ name: 'Koffiezetter', image: drawing.url, images: [copied] })} />);
    expect(again.container.querySelector('img')).toHaveAttribute('src', '/api/image-copies/abc/640.webp');
  });
});
