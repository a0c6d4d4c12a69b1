import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { Provider } from 'react-redux';
import type { Product } from '@koopjesland/shared';
import { createAdminApi, createAdminStore, useAdminNotices } from '@koopjesland/shared/admin';
import { catalogModalEndpoints, createCatalogModals, parseProductIds } from './index';
import { mockApi, reply } from '@koopjesland/shared/testing';

const api = createAdminApi('catalogModalsTestApi', ['Category', 'Product']);
const { AssignProductsModal, CategorySettingsModal } = createCatalogModals(
  api.injectEndpoints({ endpoints: catalogModalEndpoints }),
  useAdminNotices,
);

const product = (id: number) =>
  ({ id, name: `Product ${id}`, slug: `product-${id}`, brand: 'Philips', lowestPrice: null }) as unknown as Product;
const page = (ids: number[], total = ids.length, currentPage = 1) => ({
  products: ids.map(product),
  pagination: { currentPage, totalPages: Math.ceil(total / 30), totalItems: total, itemsPerPage: 30 },
});

function renderModal(onClose = jest.fn()) {
  render(
    <Provider store={createAdminStore(api)}>
      <AntApp>
        <AssignProductsModal categoryId={4} categoryName="Televisies" onClose={onClose} />
      </AntApp>
    </Provider>,
  );
  return onClose;
}

describe('AssignProductsModal', () => {
  it('refuses to assign nothing with the spec text', async () => {
    const calls = mockApi({ 'GET /products': () => page([1, 2]) });
    const onClose = renderModal();
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Please select at least one product to assign')).toBeInTheDocument();
    expect(calls.find('POST', '/categories/4/products')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks the admin list (30 per page, uncategorised included) and assigns the selection kept across pages', async () => {
    const calls = mockApi({
      'GET /products': (request) => (request.query.get('page') === '2' ? page([31], 31, 2) : page([1, 2], 31)),
      'POST /categories/4/products': () => ({ addedCount: 2 }),
    });
    const onClose = renderModal();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Product 1' }));
    expect(Object.fromEntries(calls.find('GET', '/products')[0]!.query)).toEqual({
      page: '1',
      limit: '30',
      excludeUncategorized: 'false',
    });
    fireEvent.click(screen.getByTitle('2'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Product 31' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls.find('POST', '/categories/4/products')[0]!.body).toEqual({ productIds: [1, 31] });
    expect(await screen.findByText('2 products assigned to Televisies')).toBeInTheDocument();
  });

  it('debounces the filters, sends the id list trimmed and goes back to page 1', async () => {
    const calls = mockApi({ 'GET /products': () => page([5], 31) });
    renderModal();
    await screen.findByText('Product 5');
    fireEvent.change(screen.getByLabelText('Product ids'), { target: { value: ' 5, ,7 ' } });
    await waitFor(() => expect(calls.find('GET', '/products').at(-1)!.query.get('productIds')).toBe('5,7'));
    expect(calls.find('GET', '/products').at(-1)!.query.get('page')).toBe('1');
    expect(parseProductIds(' 5, ,7 ')).toEqual(['5', '7']);
  });

  it('saves a single representative product through the category settings', async () => {
    const calls = mockApi({
      'GET /products': () => page([1, 2]),
      'PUT /categories/4/settings': () => ({ category: { id: 4, settings: {} } }),
    });
    const onClose = renderModal();
    await screen.findByText('Product 1');
    fireEvent.click(screen.getByText('Representative product'));
    fireEvent.click(await screen.findByRole('radio', { name: 'Product 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save representative product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls.find('PUT', '/categories/4/settings')[0]!.body).toEqual({ representativeProductId: 2 });
  });

  it('shows the failure texts', async () => {
    mockApi({
      'GET /products': () => page([1]),
      'POST /categories/4/products': () => reply(500, {}),
    });
    renderModal();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Product 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Failed to assign products to category')).toBeInTheDocument();
  });
});

describe('CategorySettingsModal', () => {
  it('shows the stored settings and saves the changed form without the representative product', async () => {
    const calls = mockApi({
      'GET /categories/4/settings': () => ({
        category: {
          id: 4,
          settings: {
            hideFromMenu: true,
            alternativeName: 'Tv',
            representativeProduct: { id: 2, name: 'x', image: null },
          },
        },
      }),
      'PUT /categories/4/settings': () => ({ category: { id: 4, settings: {} } }),
    });
    const onClose = jest.fn();
    render(
      <Provider store={createAdminStore(api)}>
        <AntApp>
          <CategorySettingsModal categoryId={4} categoryName="Televisies" onClose={onClose} />
        </AntApp>
      </Provider>,
    );
    expect(await screen.findByLabelText('Alternative name')).toHaveValue('Tv');
    fireEvent.change(screen.getByLabelText('Alternative name'), { target: { value: 'Televisie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const body = calls.find('PUT', '/categories/4/settings')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ hideFromMenu: true, alternativeName: 'Televisie' });
    expect(body).not.toHaveProperty('representativeProduct');
  });
});
