import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { change, mockApi, pagination, press, reply, signInAs, signOut } from '@koopjesland/shared/testing';
import { store } from '../../test/fixtures';
import { renderAdmin } from '../../test/render';

const list = { stores: [store], pagination: pagination(1) };
const created = { ...store, id: 8, name: 'Nieuwe Winkel', slug: 'nieuwe-winkel' };

describe('/admin/stores', () => {
  // Each test starts signed out: some sign in as a store manager.
  beforeEach(signOut);

  it('shows a loading table until the stores arrive', async () => {
    let release: (body: unknown) => void = () => undefined;
    mockApi({ 'GET /admin/stores': () => new Promise((resolve) => (release = resolve)) });
    const { container } = renderAdmin('/admin/stores');
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    release(list);
    expect(await screen.findByText('Klankwinkel')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());
  });

  it('lists the stores by name from the admin list, 20 a page', async () => {
    const api = mockApi({ 'GET /admin/stores': () => list });
    renderAdmin('/admin/stores');
    expect(await screen.findByText('Klankwinkel')).toBeInTheDocument();
    const [request] = api.find('GET', '/admin/stores');
    expect(Object.fromEntries(request!.query)).toEqual({ page: '1', limit: '20', sortBy: 'name', sortOrder: 'asc' });
  });

  it("shows each store's current prices from the API's count", async () => {
    mockApi({ 'GET /admin/stores': () => list });
    renderAdmin('/admin/stores');
    const row = (await screen.findByText('Klankwinkel')).closest('tr')!;
    expect(within(row as HTMLElement).getByText('12')).toBeInTheDocument();
  });

  it('shows a store manager no Add store button, and /admin/stores/new says adding stores is for admins', async () => {
    signInAs('store_manager', { storeIds: [7] });
    mockApi({ 'GET /admin/stores': () => list });
    const { unmount } = renderAdmin('/admin/stores');
    expect(await screen.findByText('Klankwinkel')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add store/ })).not.toBeInTheDocument();
    unmount();
    renderAdmin('/admin/stores/new');
    expect(await screen.findByText('Adding stores is for admins')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create store' })).not.toBeInTheDocument();
  });

  it('shows a store logo whole, in its proportions, as our own copy rather than cropped to a square', async () => {
    const logoCopy = { src: '/api/image-copies/ab/320.webp', srcSet: '/api/image-copies/ab/160.webp 160w, /api/image-copies/ab/320.webp 320w', width: 480, height: 160 };
    mockApi({ 'GET /admin/stores': () => ({ stores: [{ ...store, logo: '/media/stores/klankwinkel.svg', logoCopy }], pagination: pagination(1) }) });
    renderAdmin('/admin/stores');
    const logo = await screen.findByRole('img', { name: 'Klankwinkel' });
    expect(logo).toHaveAttribute('src', logoCopy.src);
    expect(logo).toHaveAttribute('srcset', logoCopy.srcSet);
    expect(logo).toHaveStyle({ objectFit: 'contain' });
    expect(logo.closest('.ant-avatar')).toBeNull();
  });

  it("shows a logo not copied yet as the store's initial, never from the store's own address", async () => {
    mockApi({ 'GET /admin/stores': () => ({ stores: [{ ...store, logo: 'https://cdn.beeldbank.example/klankwinkel.png', logoCopy: null }], pagination: pagination(1) }) });
    const { container } = renderAdmin('/admin/stores');
    expect(await screen.findByTestId('logo-pending')).toHaveTextContent('K');
    expect(container.innerHTML).not.toContain('beeldbank.example');
  });

  it('says so when there are no stores', async () => {
    mockApi({ 'GET /admin/stores': () => ({ stores: [], pagination: pagination(0) }) });
    renderAdmin('/admin/stores');
    expect(await screen.findByText('No stores found')).toBeInTheDocument();
  });

  it('shows the error when the list cannot be loaded', async () => {
    mockApi({ 'GET /admin/stores': () => reply(500, { error: 'Database unavailable' }) });
    renderAdmin('/admin/stores');
    expect(await screen.findByText('Failed to load data. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('adds a store with the modal: the texts of the spec, a derived slug, trimmed values', async () => {
    const api = mockApi({
      'GET /admin/stores': () => list,
      'POST /stores': () => reply(201, created),
      'GET /stores/id/8': () => created,
      'GET /store-feeds/store/8': () => [],
    });
    renderAdmin('/admin/stores');
    await userEvent.click(await screen.findByRole('button', { name: /Add store/ }));
    const dialog = await screen.findByRole('dialog');
    await press(within(dialog).getByRole('button', { name: 'Create store' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Slug is required')).toBeInTheDocument();
    expect(within(dialog).getByText('URL is required')).toBeInTheDocument();

    await change(within(dialog).getByLabelText('Name'), '  Nieuwe Winkel ');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('nieuwe-winkel');
    await change(within(dialog).getByLabelText('URL'), 'geen adres');
    expect(await within(dialog).findByText('Please enter a valid URL')).toBeInTheDocument();
    await change(within(dialog).getByLabelText('URL'), ' https://nieuwe-winkel.example ');
    await press(within(dialog).getByRole('button', { name: 'Create store' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/stores/8'));
    expect(api.find('POST', '/stores')[0]!.body).toEqual({
      name: 'Nieuwe Winkel',
      slug: 'nieuwe-winkel',
      url: 'https://nieuwe-winkel.example',
      logo: null,
    });
  });

  it("shows the server's message when the store cannot be created", async () => {
    mockApi({
      'GET /admin/stores': () => list,
      'POST /stores': () => reply(409, { error: 'A store with this slug already exists' }),
    });
    renderAdmin('/admin/stores');
    await userEvent.click(await screen.findByRole('button', { name: /Add store/ }));
    const dialog = await screen.findByRole('dialog');
    await change(within(dialog).getByLabelText('Name'), 'Klankwinkel');
    await change(within(dialog).getByLabelText('URL'), 'https://klankwinkel.example');
    await press(within(dialog).getByRole('button', { name: 'Create store' }));
    expect(await within(dialog).findByText('A store with this slug already exists')).toBeInTheDocument();
  });

  it('/admin/stores/new opens the same form as a page', async () => {
    mockApi({});
    renderAdmin('/admin/stores/new');
    expect(await screen.findByRole('heading', { name: 'Add store' })).toBeInTheDocument();
    await press(screen.getByRole('button', { name: 'Create store' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
  });
});
