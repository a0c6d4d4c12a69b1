import { resolveRoute } from './route-table';

describe('route table (docs/product.md §2)', () => {
  it.each(['/', '/login', '/search', '/product/wasmachine-x/42', '/store/megakoop', '/wasmachines', '/privacy', '/wishlist'])('%s belongs to the storefront', (path) => {
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

  it.each(['/deep/unknown/path', '/product/only-slug', '/store/a/b', '/admin/unknown', '/admin/constructor'])('redirects %s to /', (path) => {
    expect(resolveRoute(path)).toEqual({ kind: 'redirect', to: '/' });
  });
});
