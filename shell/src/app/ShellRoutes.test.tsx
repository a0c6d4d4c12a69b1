import { registerRemotes } from '@module-federation/enhanced/runtime';
import { adminMenu } from '@koopjesland/shared/front-ends';
import { screen } from '@testing-library/react';
import { signInAs, signOut } from '@koopjesland/shared/testing';
import { mockedLoadRemote, prepareShell, renderShellRoutes, stubAllRemotes } from '../test/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

beforeAll(prepareShell);

beforeEach(() => {
  stubAllRemotes();
  signOut();
});

describe('shell routes', () => {
  it('registers the remotes from remotes.json with the federation runtime', async () => {
    renderShellRoutes('/');
    expect(await screen.findByText('storefront area')).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenCalledWith(
      expect.arrayContaining([{ name: 'storefront', entry: 'http://cdn.test/storefront/mf-manifest.json' }]),
    );
    expect(mockedLoadRemote).toHaveBeenCalledWith('storefront/routes');
  });

  it.each(['/', '/login', '/search', '/product/koffiezetapparaat/12', '/koffie'])('renders the storefront at %s', async (path) => {
    renderShellRoutes(path);
    expect(await screen.findByText('storefront area')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });

  it.each(['/some/deeper/unknown', '/product/missing-id'])('redirects the unknown path %s to /', async (path) => {
    renderShellRoutes(path);
    expect(await screen.findByText('storefront area')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('sends an admin from /admin to /admin/users, rendered by the config-admin remote inside the admin layout', async () => {
    signInAs('admin');
    renderShellRoutes('/admin');
    // The first antd render in a test run is slow (style generation); allow it time.
    expect(await screen.findByText('configAdmin area', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users');
    expect(await screen.findByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('link', { name: /Back to site/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: /Log out/ })).toBeInTheDocument();
  });

  it('lists the sidebar links in the order of the spec', async () => {
    signInAs('admin');
    renderShellRoutes('/admin/stores');
    expect(await screen.findByText('storeAdmin area')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Admin' });
    const hrefs = Array.from(menu.querySelectorAll('a')).map((link) => link.getAttribute('href'));
    // The order itself is the manifest's, checked in shared/build/front-ends.test.ts.
    expect(hrefs).toEqual(adminMenu().map((item) => item.path));
  });

  it('mounts catalog pages from the catalog-admin remote', async () => {
    signInAs('admin');
    renderShellRoutes('/admin/categories/4');
    expect(await screen.findByText('catalogAdmin area')).toBeInTheDocument();
  });

  it('redirects an unknown admin page to /', async () => {
    signInAs('admin');
    renderShellRoutes('/admin/nothing-here');
    expect(await screen.findByText('storefront area')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('admin guard', () => {
  it.each([
    ['anonymous', signOut],
    ['a signed-in non-admin', () => signInAs('user')],
  ])('silently sends %s from /admin/users to /', async (_label, signIn) => {
    signIn();
    renderShellRoutes('/admin/users');
    expect(await screen.findByText('storefront area')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText('configAdmin area')).not.toBeInTheDocument();
    expect(mockedLoadRemote).not.toHaveBeenCalledWith('configAdmin/routes');
  });

  it('lets an admin see the admin area', async () => {
    signInAs('admin');
    renderShellRoutes('/admin/users');
    expect(await screen.findByText('configAdmin area')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users');
  });
});
