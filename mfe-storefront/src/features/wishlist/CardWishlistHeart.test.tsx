import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeProduct } from '../../test/fixtures';
import { currentLocation, signInAs, signOut, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { ProductCard } from '../products/ProductCard';

const tv = makeProduct({ id: 1, name: 'OLED TV' });
const soundbar = makeProduct({ id: 2, name: 'Soundbar' });
const cards = (
  <>
    <ProductCard product={tv} />
    <ProductCard product={soundbar} displayType="rows" />
  </>
);

const visitor = { id: 7, email: 'demo@koopjesland.nl', isAdmin: false, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

/** A signed-in visitor, kept through the providers' one stored-session check per test file. */
function signInVisitor() {
  signInAs('user', visitor);
  localStorage.setItem('authToken', 'test-token');
  localStorage.setItem('authUser', JSON.stringify(visitor));
}

describe('wishlist hearts on product cards', () => {
  beforeEach(() => {
    signOut();
    localStorage.clear();
  });

  it('reads the wishlist once for the whole list and shows each card its state; adding updates the list', async () => {
    signInVisitor();
    const wishlist = [{ id: 31, productId: 1, maxPrice: 5000 }];
    const calls = mockApi({
      'GET /auth/profile': () => visitor,
      'GET /wishlist': () => wishlist,
      'POST /wishlist': ({ body }) => {
        const added = { id: 32, ...(body as { productId: number; maxPrice: number }) };
        wishlist.push(added);
        return { wishlistItem: { id: added.id, maxPrice: added.maxPrice } };
      },
    });
    renderStorefront(cards);
    const onList = await screen.findByRole('button', { name: 'OLED TV is on your wishlist' });
    expect(onList).toHaveAttribute('aria-pressed', 'true');
    const add = screen.getByRole('button', { name: 'Add Soundbar to your wishlist' });
    expect(add).toHaveAttribute('aria-pressed', 'false');
    expect(calls.find('GET', '/wishlist')).toHaveLength(1);
    expect(calls.calls.filter((call) => call.path.startsWith('/wishlist/check'))).toHaveLength(0);

    fireEvent.click(add);
    fireEvent.change(await screen.findByLabelText('Desired price'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Soundbar has been added to your wishlist')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Soundbar is on your wishlist' })).toHaveAttribute('aria-pressed', 'true'));
    expect(calls.find('GET', '/wishlist')).toHaveLength(2);
  });

  it('says once, not once per card, when the wishlist cannot be read', async () => {
    signInVisitor();
    mockApi({ 'GET /auth/profile': () => visitor, 'GET /wishlist': () => reply(500, {}, 'Internal Server Error') });
    renderStorefront(cards);
    expect(await screen.findByText('Failed to fetch wishlist')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getAllByText('Failed to fetch wishlist')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add OLED TV to your wishlist' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends an anonymous visitor to sign in, without asking for a wishlist', async () => {
    const calls = mockApi({});
    renderStorefront(cards, { route: '/televisies' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add OLED TV to your wishlist' }));
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Ftelevisies'));
    expect(calls.find('GET', '/wishlist')).toHaveLength(0);
  });
});
