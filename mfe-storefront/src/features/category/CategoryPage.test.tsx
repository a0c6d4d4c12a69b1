import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStorefrontStore } from '../../api/store';
import { currentLocation, signInAs, signOut, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { makeProduct, pagination } from '../../test/fixtures';
import { readFilters, readPage } from '../filters/filter-params';
import { getCategoryPage } from './api';
import CategoryPage from './CategoryPage';
import { preferenceKey } from './display-preference';

const settings = {
  defaultDisplayType: 'rows', defaultSortBy: 'views', defaultSortOrder: 'desc', hideFiltersAndViewButtons: false,
  showOnHomePage: null, hideFromMenu: false, representativeProductId: null, subcategoryColumns: 3, alternativeName: null,
};

function pageReply(products = [makeProduct({ id: 1, name: 'OLED TV', brand: 'LG' })], extra = {}) {
  return {
    products,
    pagination: pagination(products.length),
    category: { id: 4, name: 'Televisies', slug: 'televisies', settings },
    breadcrumb: [{ id: 2, name: 'Elektronica', slug: 'elektronica' }],
    subcategories: [],
    ...extra,
  };
}

const admin = { id: 7, email: 'admin@koopjesland.nl', isAdmin: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

/** An admin, kept through the providers' one stored-session check per test file. */
function signInAdmin() {
  signInAs('admin');
  localStorage.setItem('authToken', 'test-token');
  localStorage.setItem('authUser', JSON.stringify(admin));
}

/** The state a server render of /televisies (sorted by name) leaves in its store, with the API mocked. */
async function serverRenderedTelevisies() {
  const route = '/televisies?sortBy=name&sortOrder=asc';
  const api = mockApi({
    'GET /categories/page/televisies': () => pageReply(),
    'GET /categories/televisies/filters': () => ({ brands: [], stores: [] }),
  });
  const serverStore = createStorefrontStore();
  const params = new URLSearchParams(route.split('?')[1]);
  await serverStore.dispatch(getCategoryPage.initiate({ slug: 'televisies', page: readPage(params), filters: readFilters(params) }));
  return { route, api, serverState: serverStore.getState() };
}

describe('CategoryPage', () => {
  beforeEach(() => {
    signOut();
    localStorage.clear();
  });

  it('writes the category default sort to the address and shows breadcrumb, count and products', async () => {
    const api = mockApi({
      'GET /categories/page/televisies': () => pageReply(),
      'GET /categories/televisies/filters': () => ({ brands: ['LG', 'Sony'], stores: [{ id: 1, name: 'Bol' }] }),
    });
    renderStorefront(<CategoryPage />, { route: '/televisies', path: ':slug' });
    expect(await screen.findByRole('heading', { name: 'Televisies', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/televisies?sortBy=views&sortOrder=desc'));
    // Writing the default sort keeps the page on screen (no spinner while it reloads).
    expect(screen.getByText('1 products found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Elektronica' })).toHaveAttribute('href', '/elektronica');
    expect(screen.getByText('OLED TV')).toBeInTheDocument();
    // Display type falls back to the category default (rows).
    expect(screen.getByTestId('product-row')).toBeInTheDocument();
    // The answer was already in the category's default order: writing that order into the address asks nothing again.
    await waitFor(() => expect(screen.getByText('OLED TV').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false'));
    const calls = api.find('GET', '/categories/page/televisies');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.query)).toMatchObject({ page: '1', limit: '21' });
    expect(calls[0]!.query.has('sortBy')).toBe(false);
    // The filter panel stayed mounted: its options were fetched once.
    expect(api.find('GET', '/categories/televisies/filters')).toHaveLength(1);
  });

  it('leaves the address alone when the visitor went on before the page had its answer', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockApi({
      'GET /categories/page/televisies': async () => {
        await answered;
        return pageReply();
      },
      'GET /categories/televisies/filters': () => ({ brands: [], stores: [] }),
    });
    renderStorefront(<CategoryPage />, { route: '/televisies', path: ':slug' });
    // A search sent meanwhile: the browser is at the results while this page still shows (their code is loading).
    window.history.pushState(null, '', '/search?q=tv');
    answer();
    expect(await screen.findByRole('heading', { name: 'Televisies', level: 1 })).toBeInTheDocument();
    // Once the page has settled (its filters shown), a default sort written would have taken the visitor back.
    await screen.findByRole('combobox', { name: 'Brand' });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/search?q=tv');
    expect(currentLocation()).toBe('/televisies');
  });

  it('resets page to 1 on a filter change and clear-all leaves only page=1', async () => {
    mockApi({
      'GET /categories/page/televisies': () => pageReply(),
      'GET /categories/televisies/filters': () => ({ brands: ['LG'], stores: [] }),
    });
    renderStorefront(<CategoryPage />, { route: '/televisies?page=3&sortBy=name&sortOrder=asc', path: ':slug' });
    const min = await screen.findByLabelText('Min price');
    fireEvent.change(min, { target: { value: '12.345' } });
    fireEvent.blur(min);
    await waitFor(() => expect(currentLocation()).toBe('/televisies?page=1&sortBy=name&sortOrder=asc&minPrice=1235'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(currentLocation()).toMatch(/^\/televisies\?page=1/));
  });

  it('links every page number to its address (crawlable) and pages within the app on a click', async () => {
    const products = [makeProduct({ id: 1, name: 'OLED TV', brand: 'LG' })];
    const api = mockApi({
      'GET /categories/page/televisies': () => pageReply(products, { pagination: pagination(63, 1, 21) }),
      'GET /categories/televisies/filters': () => ({ brands: ['LG'], stores: [] }),
    });
    renderStorefront(<CategoryPage />, { route: '/televisies?sortBy=name&sortOrder=asc&brand=LG', path: ':slug' });
    const second = await screen.findByRole('link', { name: '2' });
    expect(second).toHaveAttribute('href', '/televisies?sortBy=name&sortOrder=asc&brand=LG&page=2');
    expect(screen.getByRole('link', { name: '1' })).toHaveAttribute('href', '/televisies?sortBy=name&sortOrder=asc&brand=LG');
    fireEvent.click(second);
    await waitFor(() => expect(currentLocation()).toBe('/televisies?sortBy=name&sortOrder=asc&brand=LG&page=2'));
    await waitFor(() => expect(api.find('GET', '/categories/page/televisies').at(-1)!.query.get('page')).toBe('2'));
  });

  it('persists the grid/list choice per category', async () => {
    mockApi({ 'GET /categories/page/televisies': () => pageReply(), 'GET /categories/televisies/filters': () => ({ brands: [], stores: [] }) });
    renderStorefront(<CategoryPage />, { route: '/televisies?sortBy=name&sortOrder=asc', path: ':slug' });
    fireEvent.click(await screen.findByText('Grid'));
    expect(await screen.findByTestId('product-card')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(preferenceKey('televisies'))!)).toEqual({ displayType: 'grid' });
  });

  it('follows the category default display when filters and view buttons are hidden, whatever was chosen before', async () => {
    localStorage.setItem(preferenceKey('televisies'), JSON.stringify({ displayType: 'grid' }));
    const hidden = { ...settings, defaultDisplayType: 'rows', hideFiltersAndViewButtons: true };
    mockApi({ 'GET /categories/page/televisies': () => ({ ...pageReply(), category: { id: 4, name: 'Televisies', slug: 'televisies', settings: hidden } }) });
    renderStorefront(<CategoryPage />, { route: '/televisies?sortBy=name&sortOrder=asc', path: ':slug' });
    expect(await screen.findByTestId('product-row')).toBeInTheDocument();
    expect(screen.queryByTestId('product-card')).not.toBeInTheDocument();
    expect(screen.queryByText('Grid')).not.toBeInTheDocument();
  });

  it('shows the empty message and popular products from subcategories', async () => {
    mockApi({
      'GET /categories/page/televisies': () =>
        pageReply([], { subcategories: [{ id: 8, name: 'OLED', slug: 'oled', image: null, parentId: 4, createdAt: '', updatedAt: '' }] }),
      'GET /categories/televisies/filters': () => ({ brands: [], stores: [] }),
      'GET /categories/4/popular-subcategory-products': () => ({ products: [makeProduct({ id: 9, name: 'Popular OLED' })] }),
    });
    renderStorefront(<CategoryPage />, { route: '/televisies?sortBy=name&sortOrder=asc', path: ':slug' });
    expect(await screen.findByText('No products found matching the current filters.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Popular Products from Subcategories' })).toBeInTheDocument();
    expect(screen.getByText('Popular OLED')).toBeInTheDocument();
    expect(screen.getByText('OLED')).toBeInTheDocument();
  });

  it('shows the accordion instead of the sidebar under 768 px', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
    mockApi({ 'GET /categories/page/televisies': () => pageReply(), 'GET /categories/televisies/filters': () => ({ brands: [], stores: [] }) });
    renderStorefront(<CategoryPage />, { route: '/televisies?sortBy=name&sortOrder=asc', path: ':slug' });
    expect(await screen.findByRole('button', { name: /Filters/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Min price')).not.toBeInTheDocument();
    window.matchMedia = original;
  });

  it('opens the assign-products modal from the admin buttons', async () => {
    signInAs('admin');
    // The providers check a stored session once per test file; keep this admin through that check.
    const admin = { id: 7, email: 'admin@koopjesland.nl', isAdmin: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
    localStorage.setItem('authToken', 'test-token');
    localStorage.setItem('authUser', JSON.stringify(admin));
    mockApi({
      'GET /auth/profile': () => admin,
      'GET /categories/page/televisies': () => pageReply(),
      'GET /categories/televisies/filters': () => ({ brands: [], stores: [] }),
      'GET /products': () => ({ products: [makeProduct({ id: 3, name: 'Unassigned TV' })], pagination: pagination(1, 1, 30) }),
    });
    renderStorefront(<CategoryPage />, { route: '/televisies?sortBy=name&sortOrder=asc', path: ':slug' });
    fireEvent.click(await screen.findByRole('button', { name: /Assign products/ }));
    expect(await screen.findByText('Assign products to Televisies')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Unassigned TV' })).toBeInTheDocument();
  });

  it('shows saved category settings at once: saving refreshes the page data', async () => {
    signInAdmin();
    let saved = { ...settings };
    const api = mockApi({
      'GET /auth/profile': () => admin,
      'GET /categories/page/televisies': () => ({ ...pageReply(), category: { id: 4, name: 'Televisies', slug: 'televisies', settings: saved } }),
      'GET /categories/televisies/filters': () => ({ brands: [], stores: [] }),
      'GET /categories/4/settings': () => ({ category: { id: 4, settings: saved } }),
      'PUT /categories/4/settings': ({ body }) => {
        saved = { ...saved, ...(body as typeof saved) };
        return { category: { id: 4, settings: saved } };
      },
    });
    renderStorefront(<CategoryPage />, { route: '/televisies?sortBy=name&sortOrder=asc', path: ':slug' });
    fireEvent.click(await screen.findByRole('button', { name: /Category settings/ }));
    const dialog = await screen.findByRole('dialog');
    const alternativeName = await within(dialog).findByRole('textbox', { name: 'Alternative name' });
    fireEvent.change(alternativeName, { target: { value: 'Smart TVs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Smart TVs', level: 1 })).toBeInTheDocument();
    expect(api.find('PUT', '/categories/4/settings')[0]!.body).toMatchObject({ alternativeName: 'Smart TVs', defaultSortBy: 'views' });
    expect(api.find('GET', '/categories/page/televisies')).toHaveLength(2);
  });

  it('renders from a store filled beforehand (as a server render would) without asking again', async () => {
    const { route, api, serverState } = await serverRenderedTelevisies();
    renderStorefront(<CategoryPage />, { route, path: ':slug', store: createStorefrontStore(serverState) });
    // No spinner first: the data is there on the first render.
    expect(screen.getByRole('heading', { name: 'Televisies', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('OLED TV')).toBeInTheDocument();
    await screen.findByLabelText('Min price');
    expect(api.find('GET', '/categories/page/televisies')).toHaveLength(1);
  });

  it('does not fetch again the data of a server-rendered page that a cache kept for minutes', async () => {
    const { route, api, serverState } = await serverRenderedTelevisies();
    // The state as embedded in HTML rendered five minutes ago (longer than refetchOnMountOrArgChange).
    const fiveMinutesAgo = Date.now() - 5 * 60_000;
    const embedded = JSON.parse(
      JSON.stringify(serverState).replace(/"(fulfilled|started)TimeStamp":\d+/g, `"$1TimeStamp":${fiveMinutesAgo}`),
    ) as typeof serverState;
    renderStorefront(<CategoryPage />, { route, path: ':slug', store: createStorefrontStore(embedded) });
    expect(screen.getByText('OLED TV')).toBeInTheDocument();
    await screen.findByLabelText('Min price');
    expect(api.find('GET', '/categories/page/televisies')).toHaveLength(1);
  });

  it('replaces the page with a red alert on failure', async () => {
    mockApi({ 'GET /categories/page/televisies': () => reply(404, { error: 'Category not found' }, 'Not Found') });
    renderStorefront(<CategoryPage />, { route: '/televisies', path: ':slug' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch category page data: Not Found');
    expect(alert).toHaveTextContent('Category not found');
  });
});
