/**
 * Adding a front end is one manifest entry: a fifth admin remote added to
 * `@koopjesland/shared/front-ends` gets its sidebar link and its pages without any shell change.
 */
import { screen } from '@testing-library/react';
import { initFederation } from '../federation/runtime';
import { signInAs } from '@koopjesland/shared/testing';
import { mockedLoadRemote, prepareShell, remoteAreaStub, renderShellRoutes } from '../test/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

jest.mock('@koopjesland/shared/front-ends', () => {
  const actual = jest.requireActual<typeof import('@koopjesland/shared/front-ends')>('@koopjesland/shared/front-ends');
  const { REPORTS_REMOTE } = jest.requireActual<typeof import('../../../shared/build/test-remote')>('../../../shared/build/test-remote');
  const remotes = [...actual.REMOTES, REPORTS_REMOTE];
  return {
    ...actual,
    REMOTES: remotes,
    REMOTE_NAMES: remotes.map((remote) => remote.name),
    adminSections: () => actual.adminSections(remotes),
    adminMenu: () => actual.adminMenu(remotes),
  };
});

beforeAll(prepareShell);

beforeEach(() => {
  mockedLoadRemote.mockImplementation(remoteAreaStub);
  initFederation(
    Promise.resolve({
      storefront: 'http://cdn.test/storefront/mf-manifest.json',
      configAdmin: 'http://cdn.test/config-admin/mf-manifest.json',
      reports: 'http://cdn.test/reports/mf-manifest.json',
    } as Record<string, string>),
  );
  signInAs('admin');
});

it('links a section added to the manifest in the admin menu, last, and renders it from its remote', async () => {
  renderShellRoutes('/admin/reports/2025');
  expect(await screen.findByText('reports area', undefined, { timeout: 8000 })).toBeInTheDocument();
  expect(mockedLoadRemote).toHaveBeenCalledWith('reports/routes');
  const menu = screen.getByRole('navigation', { name: 'Admin' });
  const hrefs = Array.from(menu.querySelectorAll('a')).map((link) => link.getAttribute('href'));
  expect(hrefs.at(-1)).toBe('/admin/reports');
  expect(hrefs).toHaveLength(17);
});
