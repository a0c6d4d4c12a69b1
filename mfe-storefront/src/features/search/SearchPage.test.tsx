import { fireEvent, screen, waitFor } from '@testing-library/react';
import { currentLocation, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { makeProduct, pagination } from '../../test/fixtures';
import SearchPage from './SearchPage';

describe('SearchPage', () => {
  it('searches with the default sort, shows count and pages through results', async () => {
    const api = mockApi({
      'GET /products': ({ query }) => ({ products: [makeProduct({ id: 1, name: `Result p${query.get('page')}` })], pagination: pagination(42, Number(query.get('page'))) }),
      'GET /products/search-filters': () => ({ brands: ['Philips'], stores: [], categories: [] }),
    });
    renderStorefront(<SearchPage />, { route: '/search?q=tv' });
    expect(await screen.findByRole('heading', { name: 'Search results for "tv"' })).toBeInTheDocument();
    expect(await screen.findByText('42 products found')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(Object.fromEntries(api.find('GET', '/products')[0]!.query)).toMatchObject({ search: 'tv', sortBy: 'relevance', sortOrder: 'desc', limit: '21', page: '1' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Result p2')).toBeInTheDocument();
    expect(currentLocation()).toBe('/search?q=tv&page=2');
  });

  it('shows the empty state with a go-back button', async () => {
    mockApi({
      'GET /products': () => ({ products: [], pagination: pagination(0) }),
      'GET /products/search-filters': () => ({ brands: [], stores: [], categories: [] }),
    });
    renderStorefront(<SearchPage />, { route: '/search?q=zzz' });
    expect(await screen.findByText('No products found for "zzz".')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });

  it('shows a red alert when the search fails', async () => {
    mockApi({ 'GET /products': () => reply(500, {}, 'Internal Server Error'), 'GET /products/search-filters': () => reply(500, {}) });
    renderStorefront(<SearchPage />, { route: '/search?q=tv' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to search products: Internal Server Error');
  });

  it('applies the search field on Enter and resets to page 1', async () => {
    mockApi({
      'GET /products': () => ({ products: [makeProduct()], pagination: pagination(1) }),
      'GET /products/search-filters': () => ({ brands: [], stores: [], categories: [] }),
    });
    renderStorefront(<SearchPage />, { route: '/search?q=tv&page=2' });
    const field = await screen.findByLabelText('Search');
    fireEvent.change(field, { target: { value: 'radio' } });
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(currentLocation()).toBe('/search?q=radio&page=1'));
  });
});
