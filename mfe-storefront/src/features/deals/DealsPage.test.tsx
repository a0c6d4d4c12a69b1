import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { makeProduct, pagination } from '../../test/fixtures';
import DealsPage from './DealsPage';

const navigation = {
  categories: [
    {
      id: 1,
      name: 'Elektronica',
      slug: 'elektronica',
      parentId: null,
      childCategories: [{ id: 2, name: 'Audio', slug: 'audio', parentId: 1, childCategories: [] }],
    },
    { id: 3, name: 'Keuken', slug: 'keuken', parentId: null, childCategories: [] },
  ],
};
const headphones = makeProduct({ id: 1, name: 'Koptelefoon', referencePrice: 10000, dealPercentage: 20 });
const toaster = makeProduct({ id: 2, name: 'Broodrooster', referencePrice: 5000, dealPercentage: 10 });

function api(dealsFor: (category: string | null, page: string | null) => unknown) {
  return mockApi({
    'GET /categories': () => navigation,
    'GET /deals': ({ query }) => dealsFor(query.get('category'), query.get('page')),
  });
}

describe('/deals', () => {
  it('lists the deals best first with their badges and count', async () => {
    const calls = api(() => ({ products: [headphones, toaster], pagination: pagination(2, 1, 20) }));
    renderStorefront(<DealsPage />, { route: '/deals' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deals' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Deals, best first' });
    // Each deal's title is a heading right under the page's h1.
    const names = within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(names).toEqual(['Koptelefoon', 'Broodrooster']);
    expect(screen.getByText('Deal: 20 % below the usual price')).toBeInTheDocument();
    expect(screen.getByText('Deal: 10 % below the usual price')).toBeInTheDocument();
    expect(screen.getByText('2 deals')).toBeInTheDocument();
    expect(Object.fromEntries(calls.find('GET', '/deals')[0]!.query)).toEqual({ page: '1', limit: '20' });
  });

  it('filters by category (its subcategories come from the API) and keeps it in the address', async () => {
    const calls = api((category) =>
      category === 'keuken'
        ? { products: [toaster], pagination: pagination(1, 1, 20) }
        : { products: [headphones, toaster], pagination: pagination(2, 1, 20) },
    );
    renderStorefront(<DealsPage />, { route: '/deals' });
    await screen.findByText('Koptelefoon');
    await userEvent.click(screen.getByLabelText('Category'));
    await userEvent.click(await screen.findByTitle('Keuken'));
    await waitFor(() => expect(screen.queryByText('Koptelefoon')).not.toBeInTheDocument());
    expect(screen.getByText('Broodrooster')).toBeInTheDocument();
    expect(currentLocation()).toBe('/deals?category=keuken');
    expect(calls.find('GET', '/deals').at(-1)!.query.get('category')).toBe('keuken');
  });

  it('reads category and page from the address and pages on', async () => {
    const calls = api((_category, page) => ({
      products: [page === '2' ? toaster : headphones],
      pagination: pagination(21, Number(page), 20),
    }));
    renderStorefront(<DealsPage />, { route: '/deals?category=elektronica' });
    await screen.findByText('Koptelefoon');
    expect(calls.find('GET', '/deals')[0]!.query.get('category')).toBe('elektronica');
    await userEvent.click(screen.getByRole('link', { name: '2' }));
    expect(await screen.findByText('Broodrooster')).toBeInTheDocument();
    expect(currentLocation()).toBe('/deals?category=elektronica&page=2');
  });

  it('says so when there are no deals', async () => {
    api(() => ({ products: [], pagination: pagination(0, 1, 20) }));
    renderStorefront(<DealsPage />, { route: '/deals?category=audio' });
    expect(await screen.findByText('No deals right now')).toBeInTheDocument();
    expect(screen.getByText('Check back later: prices change every day.')).toBeInTheDocument();
  });

  it('shows an error when the deals cannot be loaded', async () => {
    mockApi({ 'GET /categories': () => navigation, 'GET /deals': () => reply(500, { error: 'Internal Server Error' }, 'Internal Server Error') });
    renderStorefront(<DealsPage />, { route: '/deals' });
    expect(await screen.findByText('Failed to fetch deals')).toBeInTheDocument();
  });
});
