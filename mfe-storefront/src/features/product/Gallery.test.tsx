import { screen, waitFor } from '@testing-library/react';
import { makeProduct } from '../../test/fixtures';
import { mockApi } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { Gallery } from './Gallery';

const images = ['a', 'b', 'c'].map((name, index) => ({
  id: index + 1, url: `/media/${name}.svg`, store: null, width: 800, height: 800, filename: `${name}.svg`, alt: null, main: index === 0, isDisabled: false,
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
    expect(slot).toHaveStyle({ minHeight: '382px' });
    expect(slot.querySelector('img')).toHaveAttribute('src', '/media/a.svg');
    // Then the carousel itself, in the same slot.
    await waitFor(() => expect(slot.querySelector('[aria-roledescription="carousel"]')).not.toBeNull());
  });
});
