import { adminAreasOf, adminMenu, adminSections, FRONT_ENDS, findFrontEnd, mayUseArea, REMOTES } from './front-ends';
import { REPORTS_REMOTE } from './test-remote';

describe('front-end manifest', () => {
  it('names each front end, container name, port and served path once', () => {
    for (const key of ['workspace', 'name', 'port'] as const) {
      const values = FRONT_ENDS.map((frontEnd) => frontEnd[key]);
      expect(new Set(values).size).toBe(values.length);
    }
    const served = REMOTES.map((remote) => remote.servedAs);
    expect(new Set(served).size).toBe(served.length);
    expect(FRONT_ENDS.filter((frontEnd) => frontEnd.kind === 'host')).toHaveLength(1);
  });

  it('gives every admin section to exactly one remote', () => {
    const segments = adminSections().map((section) => section.segment);
    expect(new Set(segments).size).toBe(segments.length);
  });

  it('orders the admin sidebar as the product describes it', () => {
    expect(adminMenu().map((item) => item.path)).toEqual([
      '/admin/users',
      '/admin/overview',
      '/admin/stores',
      '/admin/categories',
      '/admin/category-aliases',
      '/admin/bulk-category-alias',
      '/admin/products',
      '/admin/prices',
      '/admin/held-prices',
      '/admin/price-reports',
      '/admin/wishlists',
      '/admin/store-ratings',
      '/admin/site-configuration',
      '/admin/site-configurations',
      '/admin/outbox',
      '/admin/audit',
    ]);
    expect(adminMenu().find((item) => item.path === '/admin/prices')).toMatchObject({ area: 'stores', remote: 'storeAdmin' });
  });

  it('puts a new remote’s sections in the menu, after the known ones', () => {
    const menu = adminMenu([...REMOTES, REPORTS_REMOTE]);
    expect(menu.at(-1)).toEqual({ path: '/admin/reports', labelKey: 'admin.title', area: 'config', remote: 'reports' });
    expect(menu).toHaveLength(17);
  });

  it('opens held prices to merchandisers and store managers alike, and prices to store managers only', () => {
    const heldPrices = adminMenu().find((item) => item.path === '/admin/held-prices')!;
    expect(mayUseArea(adminAreasOf({ isAdmin: false, role: 'merchandiser' }), heldPrices.area)).toBe(true);
    expect(mayUseArea(adminAreasOf({ isAdmin: false, role: 'store_manager' }), heldPrices.area)).toBe(true);
    expect(mayUseArea(adminAreasOf({ isAdmin: false, role: 'user' }), heldPrices.area)).toBe(false);
    expect(mayUseArea(adminAreasOf({ isAdmin: false, role: 'merchandiser' }), 'stores')).toBe(false);
  });

  it('gives each role its admin areas; a profile without a role keeps the meaning of isAdmin', () => {
    expect(adminAreasOf({ isAdmin: false, role: 'merchandiser' })).toEqual(['catalog']);
    expect(adminAreasOf({ isAdmin: false, role: 'store_manager' })).toEqual(['stores']);
    expect(adminAreasOf({ isAdmin: true, role: 'admin' })).toEqual(['catalog', 'stores', 'config']);
    expect(adminAreasOf({ isAdmin: false, role: 'user' })).toEqual([]);
    expect(adminAreasOf({ isAdmin: true })).toEqual(['catalog', 'stores', 'config']);
    expect(adminAreasOf({ isAdmin: false })).toEqual([]);
    expect(adminAreasOf(null)).toEqual([]);
  });

  it('finds a front end by workspace or container name and refuses unknown ones', () => {
    expect(findFrontEnd('mfe-store-admin').name).toBe('storeAdmin');
    expect(findFrontEnd('storeAdmin').workspace).toBe('mfe-store-admin');
    expect(() => findFrontEnd('mfe-nope')).toThrow('Unknown front end "mfe-nope"');
  });
});
