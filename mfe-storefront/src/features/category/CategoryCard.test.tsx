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
