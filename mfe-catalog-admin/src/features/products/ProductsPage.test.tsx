import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply, pagination } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const product = (id: number) => ({
  id,
  name: `Product ${id}`,
  slug: `product-${id}`,
  brand: 'Sony',
  description: null,
  image: null,
  imageId: null,
  lowestPrice: { id: 1, amount: 1999, shipping: 0, total: 1999, store: { id: 1, name: 'Bol', logo: null } },
  lowestPriceId: 1,
  priceChange: null,
  percentageChange: null,
  views: 3,
  offerCount: 2,
  categories: [{ id: 4, name: 'Audio', slug: 'audio' }],
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
});
const list = { products: [product(1), product(2), product(3)], pagination: pagination(45) };
const common = {
  'GET /products/brands': () => ({ brands: ['Sony'] }),
  'GET /stores': () => ({ stores: [{ id: 1, name: 'Bol' }] }),
  'GET /categories': () => ({ categories: [] }),
};

const checkbox = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox');

describe('/admin/products', () => {
  it('asks the server with the address state: search, filters, sort and page, 20 per page, uncategorised included', async () => {
    const calls = mockApi({ ...common, 'GET /products': () => list });
    renderAdmin('/admin/products?page=2&sortBy=name&sortOrder=asc&brand=Sony&hasNoOffers=true&search=tv');
    await screen.findByText('Product 1');
    expect(Object.fromEntries(calls.find('GET', '/products')[0]!.query)).toEqual({
      page: '2',
      limit: '20',
      sortBy: 'name',
      sortOrder: 'asc',
      excludeUncategorized: 'false',
      search: 'tv',
      brand: 'Sony',
      hasNoOffers: 'true',
    });
    fireEvent.click(screen.getByLabelText('Without category'));
    await waitFor(() => expect(calls.find('GET', '/products').at(-1)!.query.get('hasNoCategory')).toBe('true'));
    expect(calls.find('GET', '/products').at(-1)!.query.get('page')).toBe('1');
  });

  it('shows the empty text and the load failure', async () => {
    mockApi({ ...common, 'GET /products': () => ({ products: [], pagination: pagination(0) }) });
    const first = renderAdmin('/admin/products');
    expect(await screen.findByText('No products found matching the current filters.')).toBeInTheDocument();
    first.unmount();
    mockApi({ ...common, 'GET /products': () => reply(500, { error: 'Database down' }) });
    renderAdmin('/admin/products');
    expect(await screen.findByText('Failed to load data. Please try again.')).toBeInTheDocument();
  });

  it('selects rows, the page or all matching; each mode clears the others', async () => {
    mockApi({ ...common, 'GET /products': () => list });
    renderAdmin('/admin/products');
    await screen.findByText('Product 1');
    fireEvent.click(checkbox('Product 1'));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Select all on page' }));
    expect(await screen.findByText('3 selected')).toBeInTheDocument();
    expect(checkbox('Product 2')).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Select all matching (45)' }));
    expect(await screen.findByText('45 selected')).toBeInTheDocument();
    expect(checkbox('Product 3')).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(await screen.findByText('0 selected')).toBeInTheDocument();
    expect(checkbox('Product 1')).not.toBeChecked();
  });

  it('disconnects all matching products after a confirmation naming the count, with the list filters', async () => {
    const calls = mockApi({ ...common, 'GET /products': () => list, 'DELETE /products/categories/all-matching': () => ({ removedCount: 50, productCount: 45 }) });
    renderAdmin('/admin/products?brand=Sony');
    await screen.findByText('Product 1');
    fireEvent.click(screen.getByRole('button', { name: 'Select all matching (45)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect from all categories' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Disconnect 45 products from all their categories? The products themselves stay.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect from all categories' }));
    expect(await screen.findByText('45 products disconnected from all categories')).toBeInTheDocument();
    expect(calls.find('DELETE', '/products/categories/all-matching')[0]!.body).toEqual({ filters: { brand: 'Sony' } });
    await calls.settled();
  });

  it('disconnects the chosen rows by id', async () => {
    const calls = mockApi({ ...common, 'GET /products': () => list, 'DELETE /products/categories': () => ({ removedCount: 2, productCount: 2 }) });
    renderAdmin('/admin/products');
    await screen.findByText('Product 1');
    fireEvent.click(checkbox('Product 1'));
    fireEvent.click(checkbox('Product 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect from all categories' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect from all categories' }));
    await waitFor(() => expect(calls.find('DELETE', '/products/categories')).toHaveLength(1));
    expect(calls.find('DELETE', '/products/categories')[0]!.body).toEqual({ productIds: [1, 3] });
    await calls.settled();
  });

  it('assigns all matching products to the chosen categories with the list filters, and counts the result', async () => {
    const tree = [{ id: 9, name: 'Koptelefoons', slug: 'koptelefoons', image: null, parentId: null, createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z', childCategories: [] }];
    const calls = mockApi({
      ...common,
      'GET /products': () => list,
      'GET /categories': () => ({ categories: tree }),
      'POST /products/categories/all-matching': () => ({ addedCount: 40, productCount: 40 }),
    });
    renderAdmin('/admin/products?brand=Sony');
    await screen.findByText('Product 1');
    fireEvent.click(screen.getByRole('button', { name: 'Select all matching (45)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign to categories' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Assign 45 products to categories')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign to categories' }));
    expect(await within(dialog).findByText('Choose at least one category')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByLabelText('Categories'));
    fireEvent.click(await screen.findByTitle('Koptelefoons'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign to categories' }));
    expect(await screen.findByText('40 products assigned (40 new category links)')).toBeInTheDocument();
    expect(calls.find('POST', '/products/categories/all-matching')[0]!.body).toEqual({ filters: { brand: 'Sony' }, categoryIds: [9] });
    await calls.settled();
  });

  it('assigns the chosen rows by id', async () => {
    const tree = [{ id: 9, name: 'Koptelefoons', slug: 'koptelefoons', image: null, parentId: null, createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z', childCategories: [] }];
    const calls = mockApi({ ...common, 'GET /products': () => list, 'GET /categories': () => ({ categories: tree }), 'POST /products/categories': () => ({ addedCount: 1, productCount: 1 }) });
    renderAdmin('/admin/products');
    await screen.findByText('Product 1');
    fireEvent.click(checkbox('Product 2'));
    fireEvent.click(screen.getByRole('button', { name: 'Assign to categories' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('Categories'));
    fireEvent.click(await screen.findByTitle('Koptelefoons'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign to categories' }));
    expect(await screen.findByText('1 product assigned (1 new category links)')).toBeInTheDocument();
    expect(calls.find('POST', '/products/categories')[0]!.body).toEqual({ productIds: [2], categoryIds: [9] });
    await calls.settled();
  });
});
