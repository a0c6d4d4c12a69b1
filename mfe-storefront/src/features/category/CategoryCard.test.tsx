import { screen } from '@testing-library/react';
import type { Category } from '@koopjesland/shared';
import { signInAs, signOut, mockApi } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { CategoryGrid } from './CategoryCard';

const hidden = {
  id: 4,
  name: 'Televisies',
  slug: 'televisies',
  image: null,
  parentId: null,
  settings: { hideFromMenu: true },
} as unknown as Category;

afterEach(() => {
  signOut();
  localStorage.clear();
});

const admin = { id: 7, email: 'admin@koopjesland.nl', isAdmin: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

it('shows a catalog editor the settings button and the hidden-from-menu mark on a tile', async () => {
  signInAs('admin');
  // The providers check a stored session once per test file; keep this admin through that check.
  localStorage.setItem('authToken', 'test-token');
  localStorage.setItem('authUser', JSON.stringify(admin));
  mockApi({ 'GET /auth/profile': () => admin });
  renderStorefront(<CategoryGrid categories={[hidden]} columns={3} />);
  expect(await screen.findByRole('button', { name: 'Settings for Televisies' })).toBeInTheDocument();
  expect(screen.getByLabelText('Hidden from the menu')).toBeInTheDocument();
});

it('shows a visitor the tile without them', async () => {
  renderStorefront(<CategoryGrid categories={[hidden]} columns={3} />);
  expect(await screen.findByRole('link', { name: 'Televisies' })).toHaveAttribute('href', '/televisies');
  expect(screen.queryByRole('button', { name: 'Settings for Televisies' })).toBeNull();
});

const copy = (name: string) => ({
  src: `/api/image-copies/${name}/640.webp`,
  srcSet: `/api/image-copies/${name}/160.webp 160w, /api/image-copies/${name}/320.webp 320w, /api/image-copies/${name}/640.webp 640w`,
  width: 800,
  height: 800,
});

it("shows a tile's image as our own copy with srcset, and the placeholder until the copy is made", async () => {
  const copied = {
    ...hidden,
    id: 5,
    name: 'Audio',
    slug: 'audio',
    image: '/media/products/12-1.svg',
    imageCopy: copy('audio'),
    settings: { representativeProduct: { id: 12, name: 'Koptelefoon', image: '/media/products/12-1.svg', imageCopy: copy('audio') } },
  } as unknown as Category;
  const pending = { ...hidden, id: 6, name: 'Keuken', slug: 'keuken', image: 'https://cdn.winkel.example/keuken.jpg', imageCopy: null, settings: {} } as unknown as Category;
  const { container } = renderStorefront(<CategoryGrid categories={[copied, pending]} columns={3} />);
  await screen.findByRole('link', { name: 'Audio' });
  // The tile's image is decorative (its link is hidden from assistive technology): found by its alt.
  const images = [...container.querySelectorAll('img')];
  expect(images.map((image) => [image.getAttribute('alt'), image.getAttribute('src'), image.getAttribute('srcset')])).toEqual([
    ['Audio', copy('audio').src, copy('audio').srcSet],
  ]);
  expect(screen.getByText('No Image')).toBeInTheDocument();
  expect(container.innerHTML).not.toContain('winkel.example');
});
