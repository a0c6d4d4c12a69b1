import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, reply, signInAs } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const customer = {
  id: 2,
  email: 'klant@example.com',
  isAdmin: false,
  role: 'user',
  storeIds: null,
  createdAt: '2024-04-01T10:00:00.000Z',
  updatedAt: '2024-04-02T10:00:00.000Z',
  lastSignInAt: '2024-05-01T08:30:00.000Z',
  wishlistCount: 4,
};
const stores = { stores: [{ id: 3, name: 'Bol' }, { id: 5, name: 'Coolblue' }], pagination: { currentPage: 1, totalPages: 1, totalItems: 2, itemsPerPage: 1000 } };

beforeEach(() => signInAs('admin'));

async function chooseOption(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.click(await screen.findByTitle(option));
}

describe('/admin/users/{id}', () => {
  it('shows the account: email, role, dates, wishlist count and last sign-in', async () => {
    mockApi({ 'GET /admin/users/2': () => customer });
    renderAdmin('/admin/users/2');
    expect(await screen.findByText('klant@example.com', { selector: 'h2' })).toBeInTheDocument();
    const card = screen.getByText('Wishlist items').closest('tr')!;
    expect(within(card).getByText('4')).toBeInTheDocument();
    expect(screen.getByText('Last sign-in')).toBeInTheDocument();
    expect(screen.getByText('History').closest('a')).toHaveAttribute('href', '/admin/audit?entity=user&entityId=2');
  });

  it('makes a user store manager of chosen stores', async () => {
    const api = mockApi({
      'GET /admin/users/2': () => customer,
      'GET /stores': () => stores,
      'PUT /admin/users/2': () => ({ ...customer, role: 'store_manager', storeIds: [5] }),
    });
    renderAdmin('/admin/users/2');
    await screen.findByText('klant@example.com', { selector: 'h2' });
    await chooseOption('Role', 'Store manager');
    await chooseOption('Stores', 'Coolblue');
    fireEvent.click(screen.getByText('Save changes'));
    await waitFor(() => expect(api.find('PUT', '/admin/users/2')).toHaveLength(1));
    expect(api.find('PUT', '/admin/users/2')[0]!.body).toEqual({ role: 'store_manager', storeIds: [5] });
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
  });

  it('shows the server’s reason when a change is refused', async () => {
    mockApi({
      'GET /admin/users/2': () => ({ ...customer, role: 'admin', isAdmin: true }),
      'PUT /admin/users/2': () => reply(409, { error: 'The last admin cannot be removed' }),
    });
    renderAdmin('/admin/users/2');
    await screen.findByText('klant@example.com', { selector: 'h2' });
    await chooseOption('Role', 'User');
    fireEvent.click(screen.getByText('Save changes'));
    expect(await screen.findByText('Failed to update user')).toBeInTheDocument();
    expect(screen.getByText('The last admin cannot be removed')).toBeInTheDocument();
  });

  it('does not let an admin change their own role or delete themself', async () => {
    mockApi({ 'GET /admin/users/1': () => ({ ...customer, id: 1, email: 'admin@koopjesland.nl', role: 'admin', isAdmin: true }) });
    renderAdmin('/admin/users/1');
    await screen.findByText('admin@koopjesland.nl', { selector: 'h2' });
    expect(screen.getByText('You cannot change your own role.')).toBeInTheDocument();
    expect(screen.getByText('Delete user').closest('button')).toBeDisabled();
    expect(screen.getByText('Save changes').closest('button')).toBeDisabled();
  });

  it('deletes a user after confirmation and returns to the list', async () => {
    const api = mockApi({
      'GET /admin/users/2': () => customer,
      'DELETE /admin/users/2': () => ({ success: true }),
      'GET /auth/users': () => ({ users: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 20 } }),
    });
    renderAdmin('/admin/users/2');
    fireEvent.click(await screen.findByText('Delete user'));
    const dialog = (await screen.findByText(/Delete the account of klant@example.com\?/)).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(dialog).getByText('Delete'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/users$/));
    expect(api.find('DELETE', '/admin/users/2')).toHaveLength(1);
  });

  it('says so when the user does not exist', async () => {
    mockApi({ 'GET /admin/users/99': () => reply(404, { error: 'User not found' }) });
    renderAdmin('/admin/users/99');
    expect(await screen.findByText('User not found')).toBeInTheDocument();
  });
});

describe('/admin/users/new', () => {
  it('invites a user by e-mail: no password is sent', async () => {
    const api = mockApi({ 'POST /admin/users': () => reply(201, { ...customer, id: 9, email: 'nieuw@example.com', role: 'merchandiser' }), 'GET /admin/users/9': () => customer });
    renderAdmin('/admin/users/new');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' nieuw@example.com ' } });
    await chooseOption('Role', 'Merchandiser');
    fireEvent.click(screen.getByText('Create user'));
    await waitFor(() => expect(api.find('POST', '/admin/users')).toHaveLength(1));
    expect(api.find('POST', '/admin/users')[0]!.body).toEqual({ email: 'nieuw@example.com', role: 'merchandiser' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/users/9'));
  });

  it('creates a store manager with an initial password', async () => {
    const api = mockApi({
      'GET /stores': () => stores,
      'POST /admin/users': () => reply(201, { ...customer, id: 9 }),
      'GET /admin/users/9': () => customer,
    });
    renderAdmin('/admin/users/new');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'winkel@example.com' } });
    await chooseOption('Role', 'Store manager');
    await chooseOption('Stores', 'Bol');
    await userEvent.click(screen.getByLabelText('Set an initial password'));
    fireEvent.change(screen.getByLabelText('Initial password'), { target: { value: 'Kortingen!2024' } });
    fireEvent.click(screen.getByText('Create user'));
    await waitFor(() => expect(api.find('POST', '/admin/users')).toHaveLength(1));
    expect(api.find('POST', '/admin/users')[0]!.body).toEqual({
      email: 'winkel@example.com',
      role: 'store_manager',
      storeIds: [3],
      password: 'Kortingen!2024',
    });
  });

  it('asks for an email and shows the server’s refusal', async () => {
    const api = mockApi({ 'POST /admin/users': () => reply(409, { error: 'An account with this email already exists' }) });
    renderAdmin('/admin/users/new');
    fireEvent.click(await screen.findByText('Create user'));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(api.find('POST', '/admin/users')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bestaat@example.com' } });
    fireEvent.click(screen.getByText('Create user'));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
  });
});
