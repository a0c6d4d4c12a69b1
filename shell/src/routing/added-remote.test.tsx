/**
 * Adding a front end is one manifest entry: a fifth admin remote added to
 * `@koopjesland/shared/front-ends` gets its sidebar link and its pages without any shell change.
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { changeLanguage } from '@koopjesland/shared';
import type { RemoteFrontEnd } from '@koopjesland/shared/front-ends';
import { screen } from '@testing-library/react';
import { initFederation } from '../federation/runtime';
import { initShellI18n } from '../i18n';
import { renderShellRoutes, signInAs } from '../test/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

jest.mock('@koopjesland/shared/front-ends', () => {
  const actual = jest.requireActual<typeof import('@koopjesland/shared/front-ends')>('@koopjesland/shared/front-ends');
  const reports: RemoteFrontEnd = {
    workspace: 'mfe-reports',
    name: 'reports',
    port: 3005,
    kind: 'remote',
    title: 'Koopjesland reports',
    servedAs: 'reports',
    urlVariable: 'REMOTE_REPORTS_URL',
    mount: 'admin',
    // A key the shell already translates, so the link has a readable name in this test.
    adminSections: [{ segment: 'reports', menuLabelKey: 'admin.title', area: 'config' }],
  };
  const remotes = [...actual.REMOTES, reports];
  return {
    ...actual,
    REMOTES: remotes,
    REMOTE_NAMES: remotes.map((remote) => remote.name),
    adminSections: () => actual.adminSections(remotes),
    adminMenu: () => actual.adminMenu(remotes),
  };
});

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeAll(async () => {
  initShellI18n();
  await changeLanguage('en');
  await import('../admin-layout/AdminLayout');
});

beforeEach(() => {
  mockedLoadRemote.mockImplementation(async (id: string) => ({
    default: function RemoteRoutes() {
      return <p>{`${id.split('/')[0]} area`}</p>;
    },
  }));
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
  expect(hrefs).toHaveLength(12);
});
