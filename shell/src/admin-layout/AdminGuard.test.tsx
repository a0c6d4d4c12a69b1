import type { UserRole } from '@koopjesland/shared/entities';
import { signInAs } from '@koopjesland/shared/testing';
import { screen, within } from '@testing-library/react';
import { prepareShell, renderShellRoutes, stubAllRemotes } from '../test/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

beforeAll(prepareShell);

beforeEach(() => {
  stubAllRemotes();
});

/** A store manager manages store 3. */
const signInWithRole = (role: UserRole) => signInAs(role, { storeIds: role === 'store_manager' ? [3] : null });

const sidebarLinks = () =>
  within(screen.getByRole('navigation', { name: 'Admin' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('admin guard and sidebar by role', () => {
  it("shows a merchandiser only the catalog area, and the spec's access-denied text on /admin/stores", async () => {
    signInWithRole('merchandiser');
    renderShellRoutes('/admin/stores');
    expect(await screen.findByText('Access denied. Admin privileges required.', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('You are signed in as a merchandiser; this page belongs to another role.')).toBeInTheDocument();
    expect(screen.queryByText('storeAdmin area')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/stores');
    expect(screen.getByRole('link', { name: 'Go to Overview' })).toHaveAttribute('href', '/admin/overview');
    expect(sidebarLinks()).toEqual([
      '/admin/overview',
      '/admin/categories',
      '/admin/category-aliases',
      '/admin/bulk-category-alias',
      '/admin/products',
      '/admin/held-prices',
    ]);
  });

  it('lets a merchandiser open the held prices (a store admin section open to the catalog area too)', async () => {
    signInWithRole('merchandiser');
    renderShellRoutes('/admin/held-prices');
    expect(await screen.findByText('storeAdmin area', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/held-prices');
  });

  it('sends a store manager from /admin (the users page) to their overview', async () => {
    signInWithRole('store_manager');
    renderShellRoutes('/admin');
    expect(await screen.findByText('storeAdmin area', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/overview');
    expect(sidebarLinks()).toEqual(['/admin/overview', '/admin/stores', '/admin/prices', '/admin/held-prices', '/admin/price-reports']);
  });

  it('sends a merchandiser from /admin to their overview', async () => {
    signInWithRole('merchandiser');
    renderShellRoutes('/admin');
    expect(await screen.findByText('storeAdmin area', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/overview');
  });

  it('keeps a store manager out of the configuration pages with the access-denied page', async () => {
    signInWithRole('store_manager');
    renderShellRoutes('/admin/site-configuration');
    expect(await screen.findByText('Access denied. Admin privileges required.', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('You are signed in as a store manager; this page belongs to another role.')).toBeInTheDocument();
    expect(screen.queryByText('configAdmin area')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/site-configuration');
  });

  it('gives an admin every section, the outbox and the audit trail included', async () => {
    signInWithRole('admin');
    renderShellRoutes('/admin/audit');
    expect(await screen.findByText('configAdmin area', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/audit');
    expect(sidebarLinks()).toContain('/admin/outbox');
    expect(sidebarLinks()).toContain('/admin/stores');
  });

  it("keeps an admin's /admin on the users, with the overview one click away in the sidebar", async () => {
    signInWithRole('admin');
    renderShellRoutes('/admin');
    expect(await screen.findByText('configAdmin area', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users');
    expect(sidebarLinks().slice(0, 2)).toEqual(['/admin/users', '/admin/overview']);
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/admin/overview');
  });

  it('sends a plain user to /', async () => {
    signInWithRole('user');
    renderShellRoutes('/admin/categories');
    expect(await screen.findByText('storefront area', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
