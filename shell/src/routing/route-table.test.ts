import { resolveRoute } from './route-table';

describe('route table (spec §2)', () => {
  it.each(['/', '/login', '/search', '/product/wasmachine-x/42', '/wasmachines'])('%s belongs to the storefront', (path) => {
    expect(resolveRoute(path)).toEqual({ kind: 'storefront' });
  });

  it.each([
    ['/admin/users', 'configAdmin'],
    ['/admin/users/7', 'configAdmin'],
    ['/admin/site-configuration', 'configAdmin'],
    ['/admin/site-configurations', 'configAdmin'],
    ['/admin/wishlists/3', 'configAdmin'],
    ['/admin/store-ratings', 'configAdmin'],
    ['/admin/stores/5', 'storeAdmin'],
    ['/admin/prices/new', 'storeAdmin'],
    ['/admin/categories/9', 'catalogAdmin'],
    ['/admin/category-aliases/4', 'catalogAdmin'],
    ['/admin/bulk-category-alias', 'catalogAdmin'],
    ['/admin/products/12', 'catalogAdmin'],
  ])('%s belongs to %s', (path, remote) => {
    expect(resolveRoute(path)).toEqual({ kind: 'admin', remote });
  });

  it('sends the bare /admin to /admin/users', () => {
    expect(resolveRoute('/admin')).toEqual({ kind: 'redirect', to: '/admin/users' });
  });

  it.each(['/deep/unknown/path', '/product/only-slug', '/admin/unknown', '/admin/constructor'])('redirects %s to /', (path) => {
    expect(resolveRoute(path)).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('route table from the front-end manifest', () => {
  it('routes a section added to the manifest to its remote', () => {
    jest.isolateModules(() => {
      jest.doMock('@koopjesland/shared/front-ends', () => {
        const actual = jest.requireActual('@koopjesland/shared/front-ends');
        const reports = {
          workspace: 'mfe-reports',
          name: 'reports',
          port: 3005,
          kind: 'remote',
          title: 'Koopjesland reports',
          servedAs: 'reports',
          urlVariable: 'REMOTE_REPORTS_URL',
          mount: 'admin',
          adminSections: [{ segment: 'reports', menuLabelKey: 'admin.menu.reports', area: 'config' }],
        };
        const remotes = [...actual.REMOTES, reports];
        return {
          ...actual,
          REMOTES: remotes,
          adminSections: () => actual.adminSections(remotes),
          adminMenu: () => actual.adminMenu(remotes),
        };
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const table = require('./route-table') as typeof import('./route-table');
      expect(table.resolveRoute('/admin/reports/2025')).toEqual({ kind: 'admin', remote: 'reports' });
      expect(table.resolveRoute('/admin/users')).toEqual({ kind: 'admin', remote: 'configAdmin' });
    });
  });
});
