import { changeLanguage, initI18n } from '@koopjesland/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { registerConfigAdminTranslations } from '../../i18n';
import { ConfigAdminPages } from '../../routes';

type Handler = (request: Request) => Response | Promise<Response>;
let handler: Handler;
const requests: URL[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const users = [
  { id: 1, email: 'admin@koopjesland.nl', isAdmin: true, role: 'admin', storeIds: null, createdAt: '2024-03-01T10:00:00.000Z', updatedAt: '2024-03-02T10:00:00.000Z' },
  { id: 2, email: 'klant@example.com', isAdmin: false, role: 'user', storeIds: null, createdAt: '2024-04-01T10:00:00.000Z', updatedAt: '2024-04-02T10:00:00.000Z' },
];
const page = { users, pagination: { currentPage: 1, totalPages: 1, totalItems: 2, itemsPerPage: 20 } };

beforeAll(async () => {
  initI18n();
  registerConfigAdminTranslations();
  await changeLanguage('en');
});

beforeEach(() => {
  requests.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(new URL(request.url));
    return handler(request);
  }) as typeof fetch;
});

function LocationDisplay() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function renderUsersPage(path = '/admin/users') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<ConfigAdminPages />} />
      </Routes>
      <LocationDisplay />
    </MemoryRouter>,
  );
}

describe('/admin/users', () => {
  it('shows a loading table until the users arrive', async () => {
    let release: (response: Response) => void = () => undefined;
    handler = () => new Promise<Response>((resolve) => (release = resolve));
    const { container } = renderUsersPage();
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    release(json(page));
    expect(await screen.findByText('klant@example.com', undefined, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());
  });

  it('lists users with their role as Admin or User, 20 per page, newest first', async () => {
    handler = () => json(page);
    renderUsersPage();
    const adminRow = (await screen.findByText('admin@koopjesland.nl', undefined, { timeout: 8000 })).closest('tr')!;
    expect(within(adminRow).getByText('Admin')).toBeInTheDocument();
    const userRow = screen.getByText('klant@example.com').closest('tr')!;
    expect(within(userRow).getByText('User')).toBeInTheDocument();
    expect(requests[0]!.pathname).toBe('/api/auth/users');
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ page: '1', limit: '20', sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it('sorts on the server when a column header is clicked', async () => {
    handler = () => json(page);
    const { container } = renderUsersPage();
    await screen.findByText('klant@example.com', undefined, { timeout: 8000 });
    await userEvent.click(screen.getByText('Email'));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('sortBy')).toBe('email'));
    expect(requests.at(-1)!.searchParams.get('sortOrder')).toBe('asc');
    // While the sorted page loads the table is covered by its spinner; a person waits for it to go.
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());
    await userEvent.click(screen.getByText('Role'));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('sortBy')).toBe('isAdmin'));
  });

  it('reads page and sort from the address and writes changes back to it', async () => {
    handler = () => json({ users, pagination: { currentPage: 2, totalPages: 3, totalItems: 45, itemsPerPage: 20 } });
    const { container } = renderUsersPage('/admin/users?page=2&sortBy=email&sortOrder=asc');
    await screen.findByText('klant@example.com', undefined, { timeout: 8000 });
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ page: '2', limit: '20', sortBy: 'email', sortOrder: 'asc' });
    expect(screen.getByRole('listitem', { name: '2' })).toHaveClass('ant-pagination-item-active');

    await userEvent.click(screen.getByRole('listitem', { name: '3' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?page=3&sortBy=email&sortOrder=asc');
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('page')).toBe('3'));
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());

    // A new sort starts at the first page again.
    await userEvent.click(screen.getByText('Role'));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?sortBy=isAdmin&sortOrder=asc');
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('sortBy')).toBe('isAdmin'));
    expect(requests.at(-1)!.searchParams.get('page')).toBe('1');
  });

  it('opens a user on row click and the add button goes to /admin/users/new', async () => {
    handler = (request) =>
      new URL(request.url).pathname === '/api/admin/users/2'
        ? json({ ...users[1], lastSignInAt: null, wishlistCount: 3 })
        : json(page);
    renderUsersPage();
    await userEvent.click(await screen.findByText('klant@example.com', undefined, { timeout: 8000 }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users/2');
    expect(await screen.findByText('Wishlist items')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Users' }));
    await userEvent.click(await screen.findByRole('button', { name: /Add user/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users/new');
  });

  it('shows an error when the list cannot be loaded', async () => {
    handler = () => json({ error: 'Database unavailable' }, 500);
    renderUsersPage();
    expect(await screen.findByText('Failed to load data. Please try again.', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });
});
