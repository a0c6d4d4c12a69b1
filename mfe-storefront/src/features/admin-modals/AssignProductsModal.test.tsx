import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt, signIn } from '../../test/render';
import { mockApi, reply } from '../../test/mock-api';
import { makeProduct, pagination } from '../../test/fixtures';
import AssignProductsModal from './AssignProductsModal';
import { parseProductIds } from './api';

const page = (ids: number[], total = ids.length, currentPage = 1) => ({
  products: ids.map((id) => makeProduct({ id, name: `Product ${id}` })),
  pagination: pagination(total, currentPage, 30),
});

function renderModal(onClose = jest.fn()) {
  signIn({ isAdmin: true });
  renderAt(<AssignProductsModal categoryId={4} categoryName="Televisies" onClose={onClose} />);
  return onClose;
}

describe('AssignProductsModal', () => {
  it('refuses to assign nothing with the spec text', async () => {
    const api = mockApi({ 'GET /products': () => page([1, 2]) });
    const onClose = renderModal();
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Please select at least one product to assign')).toBeInTheDocument();
    expect(api.find('POST', '/categories/4/products')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks the admin list (30 per page, uncategorised included) and assigns the selection kept across pages', async () => {
    const api = mockApi({
      'GET /products': (request) => (request.query.get('page') === '2' ? page([31], 31, 2) : page([1, 2], 31)),
      'POST /categories/4/products': () => ({ addedCount: 2 }),
    });
    const onClose = renderModal();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Product 1' }));
    expect(Object.fromEntries(api.find('GET', '/products')[0]!.query)).toMatchObject({ page: '1', limit: '30', excludeUncategorized: 'false' });
    fireEvent.click(screen.getByTitle('2'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Product 31' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.find('POST', '/categories/4/products')[0]!.body).toEqual({ productIds: [1, 31] });
    expect(await screen.findByText('2 products assigned to Televisies')).toBeInTheDocument();
  });

  it('debounces the filters, sends the id list trimmed and goes back to page 1', async () => {
    const api = mockApi({ 'GET /products': () => page([5], 31) });
    renderModal();
    await screen.findByText('Product 5');
    fireEvent.change(screen.getByLabelText('Product ids'), { target: { value: ' 5, ,7 ' } });
    await waitFor(() => expect(api.find('GET', '/products').at(-1)!.query.get('productIds')).toBe('5,7'));
    expect(api.find('GET', '/products').at(-1)!.query.get('page')).toBe('1');
    expect(parseProductIds(' 5, ,7 ')).toEqual(['5', '7']);
  });

  it('saves a single representative product through the category settings', async () => {
    const api = mockApi({
      'GET /products': () => page([1, 2]),
      'PUT /categories/4/settings': () => ({ category: { id: 4, settings: {} } }),
    });
    const onClose = renderModal();
    await screen.findByText('Product 1');
    fireEvent.click(screen.getByText('Representative product'));
    fireEvent.click(await screen.findByRole('radio', { name: 'Product 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save representative product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.find('PUT', '/categories/4/settings')[0]!.body).toEqual({ representativeProductId: 2 });
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
