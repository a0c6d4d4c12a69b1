import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@koopjesland/shared';
import { makeProduct } from '../../test/fixtures';
import { currentLocation, signInAs, signOut, mockApi } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import WishlistPage from './WishlistPage';

const visitor = { id: 7, email: 'demo@koopjesland.nl', isAdmin: false, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
function signInVisitor() {
  signInAs('user', visitor);
  localStorage.setItem('authToken', 'test-token');
  localStorage.setItem('authUser', JSON.stringify(visitor));
}

const priced = (id: number, name: string, total: number | null): Product =>
  makeProduct({
    id,
    name,
    lowestPrice: total === null ? null : { id: 100 + id, amount: total, shipping: 0, total, store: { id: 1, name: 'Bol', logo: null } },
  });
const item = (id: number, product: Product, maxPrice: number) => ({
  id,
  productId: product.id,
  userId: 7,
  maxPrice,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  product,
});

describe('My wishlist', () => {
  beforeEach(() => {
    signOut();
    localStorage.clear();
  });

  it('lists the items closest to their target first, marks reached targets, and edits and removes', async () => {
    signInVisitor();
    let items = [
      item(1, priced(1, 'Far above', 15000), 10000),
      item(2, priced(2, 'No offers', null), 10000),
      item(3, priced(3, 'Just above', 11000), 10000),
      item(4, priced(4, 'Below target', 4500), 5000),
    ];
    const calls = mockApi({
      'GET /auth/profile': () => visitor,
      'GET /wishlist': () => ({ wishlistItems: items }),
      'PUT /wishlist/:id': () => ({ ok: true }),
      'DELETE /wishlist/:id': ({ path }) => {
        items = items.filter((entry) => `/wishlist/${entry.id}` !== path);
        return { ok: true };
      },
    });
    renderStorefront(<WishlistPage />, { route: '/wishlist' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My wishlist' })).toBeInTheDocument();
    const entries = await screen.findAllByTestId('wishlist-item');
    expect(entries.map((entry) => within(entry).getByRole('heading').textContent)).toEqual(['Below target', 'Just above', 'Far above', 'No offers']);
    expect(within(entries[0]!).getByText('Target reached')).toBeInTheDocument();
    expect(within(entries[0]!).getByText('Lowest price now: € 45,00 at Bol')).toBeInTheDocument();
    expect(within(entries[0]!).getByText('Your target: € 50,00')).toBeInTheDocument();
    expect(screen.getAllByText('Target reached')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Edit target or remove Just above' }));
    const price = await screen.findByLabelText('Desired price');
    expect(price).toHaveValue('100,00');
    fireEvent.change(price, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.find('PUT', '/wishlist/3')[0]?.body).toEqual({ maxPrice: 12000 }));

    fireEvent.click(await screen.findByRole('button', { name: 'Edit target or remove Far above' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Far above')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('wishlist-item')).toHaveLength(3);
  });

  it('says so when the wishlist is empty', async () => {
    signInVisitor();
    mockApi({ 'GET /auth/profile': () => visitor, 'GET /wishlist': () => ({ wishlistItems: [] }) });
    renderStorefront(<WishlistPage />, { route: '/wishlist' });
    expect(await screen.findByText('Your wishlist is empty. Use the heart on a product to follow its price.')).toBeInTheDocument();
  });

  it('shows that price alert mails are off (after an unsubscribe) and turns them on again', async () => {
    signInVisitor();
    let enabled = false;
    const calls = mockApi({
      'GET /auth/profile': () => visitor,
      'GET /wishlist': () => ({ wishlistItems: [item(1, priced(1, 'Below target', 4500), 5000)] }),
      'GET /price-alerts/settings': () => ({ enabled }),
      'PUT /price-alerts/settings': ({ body }) => {
        enabled = (body as { enabled: boolean }).enabled;
        return { enabled };
      },
    });
    renderStorefront(<WishlistPage />, { route: '/wishlist' });
    const setting = await screen.findByRole('switch', { name: 'E-mail me when a price reaches my target' });
    expect(setting).not.toBeChecked();
    expect(screen.getByText('Price alerts are off: you get no e-mails about your targets.')).toBeInTheDocument();

    fireEvent.click(setting);
    await waitFor(() => expect(calls.find('PUT', '/price-alerts/settings')[0]?.body).toEqual({ enabled: true }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'E-mail me when a price reaches my target' })).toBeChecked());
    expect(screen.getByText(/You get one e-mail when the lowest price \(shipping included\) drops to your target/)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    mockApi({});
    renderStorefront(<WishlistPage />, { route: '/wishlist', path: 'wishlist' });
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fwishlist'));
  });
});
