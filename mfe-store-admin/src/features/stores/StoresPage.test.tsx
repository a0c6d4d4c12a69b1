import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store } from '../../test/fixtures';
import { answer, change, json, pagination, press, renderAt, requestsTo, setUpPages } from '../../test/render-pages';

setUpPages();

const list = { stores: [store], pagination: pagination(1) };

describe('/admin/stores', () => {
  it('shows a loading table until the stores arrive', async () => {
    let release: (response: Response) => void = () => undefined;
    answer(() => new Promise<Response>((resolve) => (release = resolve)));
    const { container } = renderAt('/admin/stores');
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    release(json(list));
    expect(await screen.findByText('Klankwinkel')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());
  });

  it('lists the stores by name from the admin list, 20 a page', async () => {
    answer(() => json(list));
    renderAt('/admin/stores');
    expect(await screen.findByText('Klankwinkel')).toBeInTheDocument();
    const [request] = requestsTo('GET', '/api/admin/stores');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({ page: '1', limit: '20', sortBy: 'name', sortOrder: 'asc' });
  });

  it('says so when there are no stores', async () => {
    answer(() => json({ stores: [], pagination: pagination(0) }));
    renderAt('/admin/stores');
    expect(await screen.findByText('No stores found')).toBeInTheDocument();
  });

  it('shows the error when the list cannot be loaded', async () => {
    answer(() => json({ error: 'Database unavailable' }, 500));
    renderAt('/admin/stores');
    expect(await screen.findByText('Failed to load data. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('adds a store with the modal: the texts of the spec, a derived slug, trimmed values', async () => {
    answer((request, url) => {
      if (request.method === 'POST') return json({ ...store, id: 8, name: 'Nieuwe Winkel', slug: 'nieuwe-winkel' }, 201);
      if (url.pathname === '/api/stores/id/8') return json({ ...store, id: 8, name: 'Nieuwe Winkel', slug: 'nieuwe-winkel' });
      if (url.pathname === '/api/store-feeds/store/8') return json([]);
      return json(list);
    });
    renderAt('/admin/stores');
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
    expect(requestsTo('POST', '/api/stores')[0]!.body).toEqual({
      name: 'Nieuwe Winkel',
      slug: 'nieuwe-winkel',
      url: 'https://nieuwe-winkel.example',
      logo: null,
    });
  });

  it("shows the server's message when the store cannot be created", async () => {
    answer((request) =>
      request.method === 'POST' ? json({ error: 'A store with this slug already exists' }, 409) : json(list),
    );
    renderAt('/admin/stores');
    await userEvent.click(await screen.findByRole('button', { name: /Add store/ }));
    const dialog = await screen.findByRole('dialog');
    await change(within(dialog).getByLabelText('Name'), 'Klankwinkel');
    await change(within(dialog).getByLabelText('URL'), 'https://klankwinkel.example');
    await press(within(dialog).getByRole('button', { name: 'Create store' }));
    expect(await within(dialog).findByText('A store with this slug already exists')).toBeInTheDocument();
  });

  it('/admin/stores/new opens the same form as a page', async () => {
    renderAt('/admin/stores/new');
    expect(await screen.findByRole('heading', { name: 'Add store' })).toBeInTheDocument();
    await press(screen.getByRole('button', { name: 'Create store' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
  });
});
