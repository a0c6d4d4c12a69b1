import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, reply, signInAs } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const rating = {
  id: 8,
  storeId: 3,
  userId: 2,
  rating: 2,
  comment: 'Trage levering',
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:00.000Z',
  storeName: 'Bol',
  userEmail: 'klant@example.com',
};
const list = { storeRatings: [rating], pagination: { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 20 } };
const stores = { stores: [{ id: 3, name: 'Bol' }], pagination: { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 1000 } };

beforeEach(() => signInAs('admin'));

describe('/admin/store-ratings', () => {
  it("says No store ratings found in the admin's empty state when there are none", async () => {
    mockApi({ 'GET /admin/store-ratings': () => ({ storeRatings: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 20 } }), 'GET /stores': () => stores });
    renderAdmin('/admin/store-ratings');
    expect(await screen.findByText('No store ratings found')).toBeInTheDocument();
  });

  it('lists store, user, stars, comment and date, filtered by store and stars from the address', async () => {
    const api = mockApi({ 'GET /admin/store-ratings': () => list, 'GET /stores': () => stores });
    renderAdmin('/admin/store-ratings?storeId=3&stars=2');
    const row = (await screen.findByText('Trage levering')).closest('tr')!;
    expect(within(row).getByText('Bol')).toBeInTheDocument();
    expect(within(row).getByText('klant@example.com')).toBeInTheDocument();
    const listRequest = api.calls.find((call) => call.path === '/admin/store-ratings')!;
    expect(Object.fromEntries(listRequest.query)).toEqual({ page: '1', limit: '20', storeId: '3', stars: '2' });
  });

  it('shows an error when the list cannot be loaded', async () => {
    mockApi({ 'GET /admin/store-ratings': () => reply(500, { error: 'Database unavailable' }), 'GET /stores': () => stores });
    renderAdmin('/admin/store-ratings');
    expect(await screen.findByText('Failed to load data. Please try again.')).toBeInTheDocument();
  });
});

describe('/admin/store-ratings/{id}', () => {
  it('corrects the stars and the comment', async () => {
    const api = mockApi({ 'GET /admin/store-ratings/8': () => rating, 'PUT /admin/store-ratings/8': () => ({ ...rating, rating: 4 }) });
    renderAdmin('/admin/store-ratings/8');
    await screen.findByText('Rating of Bol');
    const stars = screen.getAllByRole('radio');
    await userEvent.click(stars[3]!);
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: '  Levering was op tijd ' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(api.find('PUT', '/admin/store-ratings/8')).toHaveLength(1));
    expect(api.find('PUT', '/admin/store-ratings/8')[0]!.body).toEqual({ rating: 4, comment: 'Levering was op tijd' });
    expect(await screen.findByText('Store rating updated successfully')).toBeInTheDocument();
  });

  it('removes a rating after confirmation', async () => {
    const api = mockApi({
      'GET /admin/store-ratings/8': () => rating,
      'DELETE /admin/store-ratings/8': () => ({ success: true }),
      'GET /admin/store-ratings': () => list,
      'GET /stores': () => stores,
    });
    renderAdmin('/admin/store-ratings/8');
    fireEvent.click(await screen.findByText('Delete'));
    fireEvent.click(within((await screen.findByText('Cancel')).closest<HTMLElement>('.ant-modal')!).getByText('Delete'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/store-ratings$/));
    expect(api.find('DELETE', '/admin/store-ratings/8')).toHaveLength(1);
  });
});

describe('/admin/store-ratings/new', () => {
  it('says store ratings are made by visitors, with the way back, and loads nothing', async () => {
    const api = mockApi({});
    renderAdmin('/admin/store-ratings/new');
    expect(await screen.findByRole('heading', { name: 'New store rating' })).toBeInTheDocument();
    expect(screen.getByText(/Store ratings are made by visitors/)).toBeInTheDocument();
    expect(screen.queryByText('Failed to load data. Please try again.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Store Ratings' })).toHaveAttribute('href', '/admin/store-ratings');
    expect(api.calls).toHaveLength(0);
  });
});
