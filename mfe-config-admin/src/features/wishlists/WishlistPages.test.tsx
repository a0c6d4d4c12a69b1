import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply, signInAs } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const item = {
  id: 11,
  productId: 3,
  userId: 2,
  maxPrice: 49900,
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-02T10:00:00.000Z',
  userEmail: 'klant@example.com',
  productName: 'Philips Airfryer XXL',
  currentLowestPrice: 45995,
  targetMet: true,
};
const list = { wishlistItems: [item], pagination: { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 20 } };

beforeEach(() => signInAs('admin'));

describe('/admin/wishlists', () => {
  it("says No wishlist items found in the admin's empty state when there are none", async () => {
    mockApi({ 'GET /admin/wishlists': () => ({ wishlistItems: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 20 } }) });
    renderAdmin('/admin/wishlists');
    expect(await screen.findByText('No wishlist items found')).toBeInTheDocument();
  });

  it('lists user, product, max price, lowest price and whether the target is met', async () => {
    mockApi({ 'GET /admin/wishlists': () => list });
    renderAdmin('/admin/wishlists');
    const row = (await screen.findByText('Philips Airfryer XXL')).closest('tr')!;
    expect(within(row).getByText('klant@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Target met')).toBeInTheDocument();
    expect(within(row).getByText(/499,00/)).toBeInTheDocument();
    expect(within(row).getByText(/459,95/)).toBeInTheDocument();
  });

  it('filters from the address and writes a new filter back to it', async () => {
    const api = mockApi({ 'GET /admin/wishlists': () => list });
    renderAdmin('/admin/wishlists?targetMet=false&userId=2');
    await screen.findByText('Philips Airfryer XXL');
    expect(Object.fromEntries(api.calls[0]!.query)).toEqual({ page: '1', limit: '20', targetMet: 'false', userId: '2' });
    expect(screen.getByText('User #2')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search by email or product'), { target: { value: 'airfryer' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('search=airfryer'));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('search')).toBe('airfryer'));
  });

  it('shows an error when the list cannot be loaded', async () => {
    mockApi({ 'GET /admin/wishlists': () => reply(500, { error: 'Database unavailable' }) });
    renderAdmin('/admin/wishlists');
    expect(await screen.findByText('Failed to load data. Please try again.')).toBeInTheDocument();
  });
});

describe('/admin/wishlists/{id}', () => {
  it('changes the desired price in cents', async () => {
    const api = mockApi({ 'GET /admin/wishlists/11': () => item, 'PUT /admin/wishlists/11': () => ({ ...item, maxPrice: 42500 }) });
    renderAdmin('/admin/wishlists/11');
    const input = await screen.findByRole('spinbutton');
    fireEvent.change(input, { target: { value: '425' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(api.find('PUT', '/admin/wishlists/11')).toHaveLength(1));
    expect(api.find('PUT', '/admin/wishlists/11')[0]!.body).toEqual({ maxPrice: 42500 });
    expect(await screen.findByText('Wishlist item updated successfully')).toBeInTheDocument();
    expect(screen.getByText('History').closest('a')).toHaveAttribute('href', '/admin/audit?entity=wishlist-item&entityId=11');
  });

  it('removes the item after confirmation', async () => {
    const api = mockApi({ 'GET /admin/wishlists/11': () => item, 'DELETE /admin/wishlists/11': () => ({ success: true }), 'GET /admin/wishlists': () => list });
    renderAdmin('/admin/wishlists/11');
    fireEvent.click(await screen.findByText('Delete'));
    fireEvent.click(within((await screen.findByText('Cancel')).closest<HTMLElement>('.ant-modal')!).getByText('Delete'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/wishlists$/));
    expect(api.find('DELETE', '/admin/wishlists/11')).toHaveLength(1);
  });

  it('says so when the item does not exist', async () => {
    mockApi({ 'GET /admin/wishlists/99': () => reply(404, { error: 'Wishlist item not found' }) });
    renderAdmin('/admin/wishlists/99');
    expect(await screen.findByText('Wishlist item not found')).toBeInTheDocument();
  });
});

describe('/admin/wishlists/new', () => {
  it('says wishlist items are made by visitors, with the way back, and loads nothing', async () => {
    const api = mockApi({});
    renderAdmin('/admin/wishlists/new');
    expect(await screen.findByRole('heading', { name: 'New wishlist item' })).toBeInTheDocument();
    expect(screen.getByText(/Wishlist items are made by signed-in visitors/)).toBeInTheDocument();
    expect(screen.queryByText('Failed to load data. Please try again.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Wishlists' })).toHaveAttribute('href', '/admin/wishlists');
    expect(api.calls).toHaveLength(0);
  });
});
