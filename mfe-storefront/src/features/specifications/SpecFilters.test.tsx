import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SpecificationFacetsResponse } from '@koopjesland/shared';
import { currentLocation, mockApi, signOut } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { makeProduct, pagination } from '../../test/fixtures';
import CategoryPage from '../category/CategoryPage';
import SearchPage from '../search/SearchPage';

const settings = {
  defaultDisplayType: 'grid', defaultSortBy: 'views', defaultSortOrder: 'desc', hideFiltersAndViewButtons: false,
  showOnHomePage: null, hideFromMenu: false, representativeProductId: null, subcategoryColumns: 3, alternativeName: null,
};
const televisies = { id: 4, name: 'Televisies', slug: 'televisies' };

function pageReply() {
  const products = [makeProduct({ id: 1, name: 'OLED TV', brand: 'LG', categories: [televisies] })];
  return { products, pagination: pagination(1), category: { ...televisies, settings }, breadcrumb: [], subcategories: [] };
}

/** Facets whose counts follow the other active filters, as the API answers them. */
function facetsFor(spec: string | null): SpecificationFacetsResponse {
  const labelChosen = spec?.includes('12:A') ?? false;
  const sizeChosen = spec?.includes('11:') ?? false;
  return {
    category: televisies,
    facets: [
      { fieldId: 11, name: 'Screen size', position: 0, type: 'number', unit: 'inch', min: 43, max: 77, selected: sizeChosen ? { min: 55 } : null },
      {
        fieldId: 12,
        name: 'Energy label',
        position: 1,
        type: 'list',
        options: [
          { value: 'A', count: sizeChosen ? 2 : 5, selected: labelChosen },
          { value: 'G', count: sizeChosen ? 4 : 9, selected: false },
        ],
      },
      { fieldId: 13, name: 'HDR', position: 2, type: 'boolean', options: [{ value: 'yes', count: labelChosen ? 3 : 12, selected: false }] },
      // Nothing to choose: not offered.
      { fieldId: 14, name: 'Weight', position: 3, type: 'number', unit: 'kg', min: null, max: null, selected: null },
      { fieldId: 15, name: 'Colour', position: 4, type: 'list', options: [] },
    ],
    spec: spec ?? '',
  };
}

describe('specification filters', () => {
  beforeEach(() => {
    signOut();
    localStorage.clear();
  });

  it('filter a category by its fields with counts that follow the other filters, kept in the address', async () => {
    const api = mockApi({
      'GET /categories/page/televisies': () => pageReply(),
      'GET /categories/televisies/filters': () => ({ brands: ['LG'], stores: [] }),
      'GET /categories/televisies/specification-facets': ({ query }) => facetsFor(query.get('spec')),
    });
    renderStorefront(<CategoryPage />, { route: '/televisies?sortBy=views&sortOrder=desc', path: ':slug' });
    const label = await screen.findByRole('group', { name: 'Energy label' });
    expect(within(label).getByRole('checkbox', { name: 'A 5' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Yes 12' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Weight/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Colour' })).not.toBeInTheDocument();

    fireEvent.click(within(label).getByRole('checkbox', { name: 'A 5' }));
    await waitFor(() => expect(new URLSearchParams(currentLocation().split('?')[1]).get('spec')).toBe('12:A'));
    expect(await screen.findByRole('checkbox', { name: 'Yes 3' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'A 5' })).toBeChecked();
    expect(api.find('GET', '/categories/page/televisies').at(-1)!.query.get('spec')).toBe('12:A');

    const from = screen.getByRole('spinbutton', { name: 'Screen size from' });
    fireEvent.change(from, { target: { value: '55' } });
    fireEvent.blur(from);
    await waitFor(() => expect(new URLSearchParams(currentLocation().split('?')[1]).get('spec')).toBe('11:55~,12:A'));
    expect(await screen.findByRole('checkbox', { name: 'A 2' })).toBeChecked();
    expect(currentLocation()).toContain('page=1');

    // The active filters name them and take each away on its own.
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Energy label: A' }));
    await waitFor(() => expect(new URLSearchParams(currentLocation().split('?')[1]).get('spec')).toBe('11:55~'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Screen size: at least 55 inch' }));
    await waitFor(() => expect(new URLSearchParams(currentLocation().split('?')[1]).has('spec')).toBe(false));
    // Five address changes, each a new page answer and new counts, on the category page's first render.
  }, 30_000);

  it('on a search, a first specification filter chooses the category the fields belong to', async () => {
    const api = mockApi({
      'GET /products': () => ({ products: [makeProduct({ id: 1, name: 'OLED TV', categories: [televisies] })], pagination: pagination(1) }),
      'GET /products/search-filters': () => ({ brands: [], stores: [], categories: [televisies] }),
      'GET /products/specification-facets': ({ query }) => facetsFor(query.get('spec')),
    });
    renderStorefront(<SearchPage />, { route: '/search?q=oled', path: 'search' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'A 5' }));
    await waitFor(() => {
      const params = new URLSearchParams(currentLocation().split('?')[1]);
      expect([params.get('spec'), params.get('category'), params.get('q')]).toEqual(['12:A', 'televisies', 'oled']);
    });
    await waitFor(() => expect(api.find('GET', '/products').at(-1)!.query.get('spec')).toBe('12:A'));
    expect(api.find('GET', '/products').at(-1)!.query.get('category')).toBe('televisies');
    // Another category has other fields: choosing one starts without these filters.
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: '' } });
    await waitFor(() => {
      const params = new URLSearchParams(currentLocation().split('?')[1]);
      expect([params.get('spec'), params.get('category'), params.get('q')]).toEqual([null, null, 'oled']);
    });
  });
});
