import { fireEvent, screen, within } from '@testing-library/react';
import { mockApi, reply, pagination } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';
import type { CategoryProduct } from './categories-api';
import { reorder } from './CategoryProductsCard';

const category = {
  id: 7,
  name: 'Koptelefoons',
  slug: 'koptelefoons',
  image: null,
  parentId: 1,
  parentCategory: { id: 1, name: 'Audio', slug: 'audio' },
  childCategories: [{ id: 8, name: 'In-ear', slug: 'in-ear', image: null, parentId: 7, createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z', _count: { products: 3, childCategories: 0 } }],
  aliases: [
    { id: 2, path: 'Zeta > Oordopjes', createdAt: '2026-01-01T10:00:00.000Z', _count: { products: 1 } },
    { id: 1, path: 'Alpha > Headphones', createdAt: '2026-01-01T10:00:00.000Z', _count: { products: 4 } },
  ],
  _count: { products: 2, computedProducts: 5, childCategories: 1 },
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
};
const row = (id: number, sortOrder: number): CategoryProduct => ({
  id,
  name: `Product ${id}`,
  slug: `product-${id}`,
  brand: 'Sony',
  sortOrder,
  _count: { prices: 2 },
  storeCount: 2,
  lowestPrice: { amount: 1000, total: 1195 },
});
const routes = {
  'GET /categories/id/7': () => category,
  'GET /categories/7/products': () => ({ products: [row(1, 1), row(2, 2)], pagination: pagination(2) }),
  'GET /categories': () => ({ categories: [] }),
  'GET /categories/7/specification-fields': () => ({ fields: [] }),
  'GET /categories/7/specification-coverage': () => ({ productCount: 2, fields: [], suggestions: [] }),
};

describe('/admin/categories/{id}', () => {
  it('shows breadcrumbs, counters with the descendants note, subcategories, aliases by path and the products', async () => {
    mockApi(routes);
    renderAdmin('/admin/categories/7');
    expect(await screen.findByRole('heading', { name: 'Koptelefoons' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation')).getByText('Audio')).toBeInTheDocument();
    expect(screen.getByText('incl. descendants')).toBeInTheDocument();
    expect(screen.getByText('In-ear')).toBeInTheDocument();
    const aliases = screen.getAllByRole('link', { name: /Alpha|Zeta/ }).map((link) => link.textContent);
    expect(aliases).toEqual(['Alpha > Headphones', 'Zeta > Oordopjes']);
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Category' })).toHaveAttribute('href', '/koptelefoons');
  });

  it("shows the admin's defaults in words while the category has no saved settings, and the editor starts from them", async () => {
    const storefrontDefaults = {
      defaultDisplayType: 'grid', defaultSortBy: 'manual', defaultSortOrder: 'asc', hideFiltersAndViewButtons: false, showOnHomePage: null,
      hideFromMenu: false, representativeProductId: null, representativeProduct: null, subcategoryColumns: 4, alternativeName: null,
    };
    mockApi({
      ...routes,
      'GET /categories/id/7': () => ({ ...category, settings: storefrontDefaults, settingsSaved: false }),
      'GET /categories/7/settings': () => ({ category: { id: 7, settings: storefrontDefaults, saved: false } }),
    });
    renderAdmin('/admin/categories/7');
    const card = (await screen.findByText('Default sort')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Newest first, descending')).toBeInTheDocument();
    expect(within(card).getByText('Grid')).toBeInTheDocument();
    expect(within(card).getByText('3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Newest first')).toBeInTheDocument();
    expect(within(dialog).getByText('Descending')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Subcategory columns')).toHaveValue('3');
  });

  it('shows saved settings in words', async () => {
    mockApi({
      ...routes,
      'GET /categories/id/7': () => ({
        ...category,
        settingsSaved: true,
        settings: {
          defaultDisplayType: 'rows', defaultSortBy: 'percentageChange', defaultSortOrder: 'asc', hideFiltersAndViewButtons: false, showOnHomePage: null,
          hideFromMenu: true, representativeProductId: null, representativeProduct: null, subcategoryColumns: 5, alternativeName: null,
        },
      }),
    });
    renderAdmin('/admin/categories/7');
    const card = (await screen.findByText('Default sort')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Price change, ascending')).toBeInTheDocument();
    expect(within(card).getByText('List')).toBeInTheDocument();
    expect(within(card).queryByText('rows')).not.toBeInTheDocument();
  });

  it('keeps the page of its products in the address; Next moves it on', async () => {
    const calls = mockApi({
      ...routes,
      'GET /categories/7/products': () => ({ products: [row(21, 21)], pagination: { currentPage: 2, totalPages: 3, totalItems: 41, itemsPerPage: 20 } }),
    });
    renderAdmin('/admin/categories/7?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(calls.find('GET', '/categories/7/products')[0]!.query.get('page')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/categories/7?page=3');
  });

  it('shows Category not found with a way back', async () => {
    mockApi({ ...routes, 'GET /categories/id/7': () => reply(404, { error: 'Category not found' }) });
    renderAdmin('/admin/categories/7');
    expect(await screen.findByText('Category not found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Categories' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/categories');
  });

  it("answers a refused delete with the failure text and the API's own message, staying on the category", async () => {
    mockApi({ ...routes, 'DELETE /categories/7': () => reply(409, { error: 'Category still has offers' }) });
    renderAdmin('/admin/categories/7');
    await screen.findByRole('heading', { name: 'Koptelefoons' });
    fireEvent.click(screen.getByRole('button', { name: /Delete$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete category')).toBeInTheDocument();
    expect(screen.getByText('Category still has offers')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/categories/7');
  });

  it('removes all products after the confirmation that only links go', async () => {
    const calls = mockApi({ ...routes, 'DELETE /categories/7/products/all': () => ({ removedCount: 2 }) });
    renderAdmin('/admin/categories/7');
    await screen.findByText('Product 1');
    fireEvent.click(screen.getByRole('button', { name: 'Delete All' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove all products from this category? This only removes the link, not the products.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Successfully removed 2 products from category')).toBeInTheDocument();
    expect(calls.find('DELETE', '/categories/7/products/all')).toHaveLength(1);
  });
});

describe('reorder', () => {
  it('moves a row and gives the page its own sort orders in the new order', () => {
    const result = reorder([row(1, 10), row(2, 20), row(3, 30)], 0, 2, 1);
    expect(result.productOrders).toEqual([
      { productId: 2, sortOrder: 10 },
      { productId: 3, sortOrder: 20 },
      { productId: 1, sortOrder: 30 },
    ]);
  });

  it('numbers from the page start when sort orders repeat', () => {
    expect(reorder([row(1, 0), row(2, 0)], 1, 0, 21).productOrders).toEqual([
      { productId: 2, sortOrder: 21 },
      { productId: 1, sortOrder: 22 },
    ]);
  });
});
