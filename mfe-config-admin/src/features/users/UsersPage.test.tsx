import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, reply } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const users = [
  { id: 1, email: 'admin@koopjesland.nl', isAdmin: true, role: 'admin', storeIds: null, createdAt: '2024-03-01T10:00:00.000Z', updatedAt: '2024-03-02T10:00:00.000Z' },
  { id: 2, email: 'klant@example.com', isAdmin: false, role: 'user', storeIds: null, createdAt: '2024-04-01T10:00:00.000Z', updatedAt: '2024-04-02T10:00:00.000Z' },
];
const page = { users, pagination: { currentPage: 1, totalPages: 1, totalItems: 2, itemsPerPage: 20 } };

describe('/admin/users', () => {
  it("says No users found in the admin's empty state when there are none", async () => {
    mockApi({ 'GET /auth/users': () => ({ users: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 20 } }) });
    renderAdmin('/admin/users');
    const empty = await screen.findByText('No users found', undefined, { timeout: 8000 });
    expect(empty.closest('.ant-empty-normal')).not.toBeNull();
  });

  it('shows a loading table until the users arrive', async () => {
    let release: (body: unknown) => void = () => undefined;
    mockApi({ 'GET /auth/users': () => new Promise((resolve) => (release = resolve)) });
    const { container } = renderAdmin('/admin/users');
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    release(page);
    expect(await screen.findByText('klant@example.com', undefined, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());
  });

  it('lists users with their role as Admin or User, 20 per page, newest first', async () => {
    const api = mockApi({ 'GET /auth/users': () => page });
    renderAdmin('/admin/users');
    const adminRow = (await screen.findByText('admin@koopjesland.nl', undefined, { timeout: 8000 })).closest('tr')!;
    expect(within(adminRow).getByText('Admin')).toBeInTheDocument();
    const userRow = screen.getByText('klant@example.com').closest('tr')!;
    expect(within(userRow).getByText('User')).toBeInTheDocument();
    expect(api.calls[0]!.path).toBe('/auth/users');
    expect(Object.fromEntries(api.calls[0]!.query)).toEqual({ page: '1', limit: '20', sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it('sorts on the server when a column header is clicked', async () => {
    const api = mockApi({ 'GET /auth/users': () => page });
    const { container } = renderAdmin('/admin/users');
    await screen.findByText('klant@example.com', undefined, { timeout: 8000 });
    await userEvent.click(screen.getByText('Email'));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('sortBy')).toBe('email'));
    expect(api.calls.at(-1)!.query.get('sortOrder')).toBe('asc');
    // While the sorted page loads the table is covered by its spinner; a person waits for it to go.
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());
    await userEvent.click(screen.getByText('Role'));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('sortBy')).toBe('isAdmin'));
  });

  it('reads page and sort from the address and writes changes back to it', async () => {
    const api = mockApi({
      'GET /auth/users': () => ({ users, pagination: { currentPage: 2, totalPages: 3, totalItems: 45, itemsPerPage: 20 } }),
    });
    const { container } = renderAdmin('/admin/users?page=2&sortBy=email&sortOrder=asc');
    await screen.findByText('klant@example.com', undefined, { timeout: 8000 });
    expect(Object.fromEntries(api.calls[0]!.query)).toEqual({ page: '2', limit: '20', sortBy: 'email', sortOrder: 'asc' });
    expect(screen.getByRole('listitem', { name: '2' })).toHaveClass('ant-pagination-item-active');

    await userEvent.click(screen.getByRole('listitem', { name: '3' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?page=3&sortBy=email&sortOrder=asc');
    await waitFor(() => expect(api.calls.at(-1)!.query.get('page')).toBe('3'));
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());

    // A new sort starts at the first page again.
    await userEvent.click(screen.getByText('Role'));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?sortBy=isAdmin&sortOrder=asc');
    await waitFor(() => expect(api.calls.at(-1)!.query.get('sortBy')).toBe('isAdmin'));
    expect(api.calls.at(-1)!.query.get('page')).toBe('1');
  });

  it('opens a user on row click and the add button goes to /admin/users/new', async () => {
    mockApi({
      'GET /auth/users': () => page,
      'GET /admin/users/2': () => ({ ...users[1], lastSignInAt: null, wishlistCount: 3 }),
    });
    renderAdmin('/admin/users');
    await userEvent.click(await screen.findByText('klant@example.com', undefined, { timeout: 8000 }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users/2');
    expect(await screen.findByText('Wishlist items')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Users' }));
    await userEvent.click(await screen.findByRole('button', { name: /Add user/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users/new');
  });

  it('shows an error when the list cannot be loaded', async () => {
    mockApi({ 'GET /auth/users': () => reply(500, { error: 'Database unavailable' }) });
    renderAdmin('/admin/users');
    expect(await screen.findByText('Failed to load data. Please try again.', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });
});
