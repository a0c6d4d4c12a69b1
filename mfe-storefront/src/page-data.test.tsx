/**
 * The server's page loaders (pages.tsx): after `loadPageData`, the page renders its content in
 * its first render and asks the API nothing more. A loader that asked with other arguments than
 * its page's hooks (or forgot a query) would show a spinner first and make a request here; on the
 * server, whose render starts no query, that part of the page would be sent as a spinner.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { createStorefrontStore } from './api/store';
import { currentLocation, setSiteConfiguration, signOut, mockApi } from '@koopjesland/shared/testing';
import { renderStorefront } from './test/render';
import { makeProduct, pagination, siteConfiguration } from './test/fixtures';
import { loadPageData } from './pages';
import CategoryPage from './features/category/CategoryPage';
import HomePage from './features/home/HomePage';
import ProductPage from './features/product/ProductPage';
import SearchPage from './features/search/SearchPage';
import ComparePage from './features/compare/ComparePage';

const settings = {
  defaultDisplayType: 'grid',
  defaultSortBy: 'views',
  defaultSortOrder: 'desc',
  hideFiltersAndViewButtons: false,
  showOnHomePage: null,
  hideFromMenu: false,
  representativeProductId: null,
  subcategoryColumns: 3,
  alternativeName: null,
};

const product = makeProduct({
  id: 5,
  slug: 'oled-tv',
  name: 'OLED TV',
  categories: [{ id: 4, name: 'Televisies', slug: 'televisies' }],
  breadcrumb: [{ id: 4, name: 'Televisies', slug: 'televisies' }],
  lowestPrice: { id: 11, amount: 99900, shipping: 0, total: 99900, store: { id: 1, name: 'bol', logo: null } },
});

const facets = {
  category: { id: 4, name: 'Televisies', slug: 'televisies' },
  facets: [{ fieldId: 12, name: 'Energy label', position: 0, type: 'list', options: [{ value: 'A', count: 3, selected: true }] }],
  spec: '12:A',
};

function api() {
  return mockApi({
    'GET /categories/televisies/specification-facets': () => facets,
    'GET /products/specification-facets': () => facets,
    'GET /products/compare': ({ query }) => ({
      category: facets.category,
      fields: [{ id: 12, categoryId: 4, name: 'Energy label', type: 'list', unit: null, options: ['A', 'B'], position: 0 }],
      products: (query.get('ids') ?? '').split(',').map((id) => ({
        id: Number(id),
        slug: `tv-${id}`,
        name: `Compared TV ${id}`,
        brand: null,
        image: null,
        imageCopy: null,
        lowestPrice: null,
        values: [{ fieldId: 12, value: id === '1' ? 'A' : 'B' }],
      })),
    }),
    'GET /products/5': () => product,
    'GET /products/5/price-history': () => ({
      productId: 5,
      range: '90d',
      days: ['2026-11-26'],
      lowest: [99900],
      stores: [],
      lowestInRange: { day: '2026-11-26', total: 99900 },
      highestInRange: { day: '2026-11-26', total: 99900 },
      current: 99900,
      lowestInDays: 90,
    }),
    'GET /products/search-filters': () => ({ brands: [], stores: [], categories: [] }),
    'GET /products': ({ query }) => {
      const name = query.get('search')
        ? 'Search hit TV'
        : query.get('category')
          ? 'Newest TV'
          : `Home ${query.get('sortBy')} TV`;
      return {
        products: [makeProduct({ id: 6, name, percentageChange: -10, priceChange: -1000 })],
        pagination: pagination(1),
      };
    },
    'GET /categories/homepage': () => ({
      categories: [{ id: 9, name: 'Laptops', slug: 'laptops', image: null, parentId: 1, createdAt: '', updatedAt: '' }],
    }),
    'GET /categories/page/televisies': ({ query }) => ({
      products: [makeProduct({ id: 7, name: 'QLED TV' })],
      pagination: pagination(query.get('spec')?.includes('99:') ? 50 : 1, Number(query.get('page') ?? 1)),
      category: { id: 4, name: 'Televisies', slug: 'televisies', settings },
      breadcrumb: [],
      subcategories: [],
      // Field 99 is no longer the category's: the API leaves it out.
      spec: '12:A',
    }),
  });
}

/** Loads `route`'s data as the server does, renders the page from that store, and counts the API calls the render made. */
async function renderLoaded(ui: React.ReactElement, route: string, path: string) {
  const calls = api();
  const store = createStorefrontStore();
  await loadPageData(store, route, { siteConfiguration });
  const loaded = calls.calls.length;
  renderStorefront(ui, { route, path, store });
  // The first render's text (before any answer could arrive): the page's content, not a spinner.
  const firstRender = document.body.textContent ?? '';
  const firstLinks = [...document.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? '');
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  const askedSinceLoaded = () => calls.calls.slice(loaded).map((call) => call.path);
  return { loaded, firstRender, firstLinks, askedAfter: askedSinceLoaded(), askedSinceLoaded };
}

describe('page loaders', () => {
  beforeEach(() => {
    signOut();
    localStorage.clear();
    setSiteConfiguration({ status: 'ready', configuration: siteConfiguration });
  });

  it('a product page: the product, its lowest price in 90 days and its recommendations', async () => {
    const result = await renderLoaded(<ProductPage />, '/product/oled-tv/5', 'product/:slug/:id');
    expect(result).toMatchObject({ loaded: 3, askedAfter: [] });
    expect(result.firstRender).toContain('Newest TV');
    expect(screen.getByRole('heading', { name: 'OLED TV', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Lowest price in 90 days')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You might also like' })).toBeInTheDocument();
    expect(screen.getByText('Newest TV')).toBeInTheDocument();
  });

  it('a category page, with its filters and page from the address', async () => {
    const result = await renderLoaded(
      <CategoryPage />,
      '/televisies?sortBy=price&sortOrder=asc&page=2&brand=LG&spec=12%3AA',
      ':slug',
    );
    // The filter options (a scan of the category's offers) are the browser's to ask, once hydrated;
    // the specification filters and their counts are part of the page.
    expect(result).toMatchObject({ loaded: 2, askedAfter: ['/categories/televisies/filters'] });
    expect(result.firstRender).toContain('QLED TV');
    expect(screen.getByRole('checkbox', { name: 'A 3' })).toBeChecked();
  });

  it('a category page whose address names a field the category no longer has: shown without it, in its links and address too', async () => {
    const result = await renderLoaded(<CategoryPage />, '/televisies?sortBy=price&sortOrder=asc&page=2&spec=12%3AA%2C99%3A1~2', ':slug');
    // The server's render: the page, not an error, with the field left out of the page's links.
    expect(result.firstRender).toContain('QLED TV');
    expect(result.firstRender).not.toMatch(/failed/i);
    expect(screen.getByRole('checkbox', { name: 'A 3' })).toBeChecked();
    const pageLinks = result.firstLinks.filter((href) => href.startsWith('/televisies?'));
    expect(pageLinks.length).toBeGreaterThan(0);
    for (const href of pageLinks) expect(new URLSearchParams(href.split('?')[1]).get('spec')).toBe('12:A');
    // Once running (the address is written when the browser is idle), the address is the page's:
    // the same answer, nothing asked again but the filter options and counts.
    await waitFor(() => expect(new URLSearchParams(currentLocation().split('?')[1]).get('spec')).toBe('12:A'));
    expect(result.askedSinceLoaded()).not.toContain('/categories/page/televisies');
  });

  it('the homepage: popular products, price drops and the site’s categories', async () => {
    const result = await renderLoaded(<HomePage />, '/', '/');
    expect(result).toMatchObject({ loaded: 3, askedAfter: [] });
    for (const text of ['Home views TV', 'Home percentageChange TV', 'Laptops'])
      expect(result.firstRender).toContain(text);
  });

  it('a search page: its results and the filter options of its text', async () => {
    const result = await renderLoaded(<SearchPage />, '/search?q=tv', 'search');
    expect(result).toMatchObject({ loaded: 3, askedAfter: [] });
    expect(result.firstRender).toContain('Search hit TV');
    expect(screen.getByRole('checkbox', { name: 'A 3' })).toBeInTheDocument();
  });

  it('a comparison: its products side by side', async () => {
    const result = await renderLoaded(<ComparePage />, '/compare?ids=1,2', 'compare');
    expect(result).toMatchObject({ loaded: 1, askedAfter: [] });
    expect(result.firstRender).toContain('Compared TV 2');
    expect(screen.getByRole('row', { name: /Energy label/ })).toHaveClass('kl-compare-differs');
  });
});
