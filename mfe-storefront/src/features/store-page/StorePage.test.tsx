import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, signInAs, signOut, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import StorePage from './StorePage';

const visitor = { id: 7, email: 'demo@koopjesland.nl', isAdmin: false, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
function signInVisitor() {
  signInAs('user', visitor);
  localStorage.setItem('authToken', 'test-token');
  localStorage.setItem('authUser', JSON.stringify(visitor));
}

const page = (average: number | null, count: number, ratings: { id: number; rating: number; comment: string | null }[]) => ({
  store: { id: 3, name: 'MegaKoop', slug: 'megakoop', url: 'https://megakoop.example', logo: null, rating: { average, count } },
  ratings: ratings.map((rating) => ({ ...rating, updatedAt: '2026-11-20T10:00:00.000Z' })),
  categories: [{ id: 9, name: 'Wasmachines', slug: 'wasmachines', products: 12 }],
});

describe('StorePage', () => {
  beforeEach(() => {
    signOut();
    localStorage.clear();
  });

  it("shows the store's rating, categories and ratings newest first, and offers an anonymous visitor to sign in", async () => {
    mockApi({ 'GET /stores/slug/megakoop/page': () => page(4.2, 2, [{ id: 2, rating: 5, comment: 'Aanrader!' }, { id: 1, rating: 3, comment: null }]) });
    renderStorefront(<StorePage />, { route: '/store/megakoop', path: 'store/:slug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'MegaKoop' })).toBeInTheDocument();
    expect(screen.getByTestId('store-rating')).toHaveTextContent('4.2 out of 5 from 2 ratings');
    expect(within(screen.getByRole('region', { name: 'Categories' })).getByRole('link', { name: 'Wasmachines (12)' })).toHaveAttribute('href', '/wasmachines');
    const ratings = within(screen.getByRole('region', { name: 'Ratings' })).getAllByRole('listitem');
    expect(ratings[0]).toHaveTextContent('Aanrader!');
    fireEvent.click(screen.getByRole('link', { name: 'Sign in to rate this store' }));
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fstore%2Fmegakoop'));
  });

  it("shows the store's logo as our own copy, and none while it is not copied yet", async () => {
    const logoCopy = { src: '/api/image-copies/ab/480.webp', srcSet: '/api/image-copies/ab/160.webp 160w, /api/image-copies/ab/480.webp 480w', width: 480, height: 160 };
    const copied = page(null, 0, []);
    mockApi({ 'GET /stores/slug/megakoop/page': () => ({ ...copied, store: { ...copied.store, logo: '/media/stores/megakoop.svg', logoCopy } }) });
    const { unmount } = renderStorefront(<StorePage />, { route: '/store/megakoop', path: 'store/:slug' });
    const logo = await screen.findByTestId('store-logo');
    expect(logo).toHaveAttribute('src', logoCopy.src);
    expect(logo).toHaveAttribute('srcset', logoCopy.srcSet);
    expect(logo).toHaveAttribute('sizes', '192px');
    unmount();

    mockApi({ 'GET /stores/slug/megakoop/page': () => ({ ...copied, store: { ...copied.store, logo: 'https://megakoop.example/logo.png', logoCopy: null } }) });
    const { container } = renderStorefront(<StorePage />, { route: '/store/megakoop', path: 'store/:slug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'MegaKoop' })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('lets a signed-in visitor rate the store once and edit it, and says when no stars were chosen', async () => {
    signInVisitor();
    let own: { rating: number; comment: string | null } | null = null;
    const calls = mockApi({
      'GET /auth/profile': () => visitor,
      'GET /stores/slug/megakoop/page': () => page(own ? own.rating : null, own ? 1 : 0, []),
      'GET /stores/3/my-rating': () => ({ rating: own }),
      'PUT /stores/3/my-rating': ({ body }) => {
        own = body as { rating: number; comment: string | null };
        return { rating: own };
      },
    });
    renderStorefront(<StorePage />, { route: '/store/megakoop', path: 'store/:slug' });
    expect(await screen.findByText('Rate this store')).toBeInTheDocument();
    expect(screen.getByTestId('store-rating')).toHaveTextContent('No ratings yet');
    fireEvent.click(screen.getByRole('button', { name: 'Save rating' }));
    expect(await screen.findByText('Choose 1 to 5 stars')).toBeInTheDocument();
    expect(calls.find('PUT', '/stores/3/my-rating')).toHaveLength(0);

    fireEvent.click(screen.getAllByRole('radio')[3]!); // four stars
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: '  Snel geleverd  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rating' }));
    expect(await screen.findByText('Thank you, your rating has been saved')).toBeInTheDocument();
    expect(calls.find('PUT', '/stores/3/my-rating')[0]!.body).toEqual({ rating: 4, comment: 'Snel geleverd' });
    // The page and the form show the saved rating; a second save edits it.
    await waitFor(() => expect(screen.getByTestId('store-rating')).toHaveTextContent('4.0 out of 5 from 1 ratings'));
    expect(await screen.findByText('Your rating')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update rating' })).toBeInTheDocument();
  });

  it('names the failure when the store cannot be loaded', async () => {
    mockApi({ 'GET /stores/slug/weg/page': () => reply(404, { error: 'Store not found' }, 'Not Found') });
    renderStorefront(<StorePage />, { route: '/store/weg', path: 'store/:slug' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch store details: Not Found');
    expect(alert).toHaveTextContent('Store not found');
  });
});
