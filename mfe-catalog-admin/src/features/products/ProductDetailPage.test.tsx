import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const product = {
  id: 5,
  name: 'OLED TV',
  slug: 'oled-tv',
  brand: 'LG',
  description: 'Big screen',
  image: null,
  imageId: null,
  categories: [{ id: 4, name: 'Televisies', slug: 'televisies' }],
  categoryIds: [4],
  productIds: [{ id: 1, type: 'EAN', value: '8712345678901' }],
  properties: [{ id: 3, name: 'Screen', value: '55 inch' }],
  lowestPrice: { id: 11, amount: 99900, shipping: 0, total: 99900, store: { id: 1, name: 'Bol', logo: null } },
  lowestPriceId: 11,
  priceChange: null,
  percentageChange: -12.345,
  views: 10,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
};
const image = (id: number, main: boolean) => ({ id, url: `/media/${id}.svg`, alt: null, store: null, width: null, height: null, filename: `${id}.svg`, main, isDisabled: false });
const routes = {
  'GET /products/5': () => product,
  'GET /products/5/prices': () => ({ prices: [] }),
  'GET /categories': () => ({ categories: [] }),
  'GET /admin/products/5/duplicates': () => ({ products: [] }),
  'GET /admin/products/5/merges': () => ({ merges: [] }),
};

describe('/admin/products/{id}', () => {
  it('keeps the product chosen to merge in after its search text clears, and merges it after confirmation', async () => {
    const soundbar = { ...product, id: 7, name: 'Soundbar', slug: 'soundbar' };
    const calls = mockApi({
      ...routes,
      'GET /products': () => ({ products: [soundbar], pagination: { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 10 } }),
      'POST /admin/products/5/merge': () => ({ merge: { id: 1 }, product }),
    });
    renderAdmin('/admin/products/5');
    const search = await screen.findByRole('combobox', { name: 'Search a product to merge in' });
    fireEvent.change(search, { target: { value: 'Sound' } });
    fireEvent.click(await screen.findByText('#7 Soundbar (LG)', { selector: '.ant-select-item-option-content' }));
    const merge = screen.getByRole('button', { name: 'Merge into this product' });
    await waitFor(() => expect(merge).toBeEnabled());
    // The search text emptied (by the visitor, or by the select on blur): past the debounce no
    // search runs and its results are gone, but the choice stays, under its name.
    fireEvent.change(search, { target: { value: '' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(merge).toBeEnabled();
    expect(search.closest('.ant-select-content')).toHaveAttribute('title', '#7 Soundbar (LG)');
    fireEvent.click(merge);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge into this product' }));
    await waitFor(() => expect(calls.find('POST', '/admin/products/5/merge')).toHaveLength(1));
    expect(calls.find('POST', '/admin/products/5/merge')[0]!.body).toEqual({ sourceProductId: 7 });
  });

  it('shows the header, identifiers and price summary with one decimal and No change', async () => {
    const calls = mockApi(routes);
    renderAdmin('/admin/products/5');
    expect(await screen.findByRole('heading', { name: 'OLED TV' })).toBeInTheDocument();
    await calls.settled();
    expect(screen.getByText('EAN: 8712345678901')).toBeInTheDocument();
    expect(screen.getByText('No change')).toBeInTheDocument();
    expect(screen.getByText('-12,3%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Product' })).toHaveAttribute('href', '/product/oled-tv/5');
  });

  it('deletes after the confirmation naming the product and goes back to the list', async () => {
    mockApi({ ...routes, 'DELETE /admin/products/5': () => ({ deleted: true }), 'GET /products': () => ({ products: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } }) });
    renderAdmin('/admin/products/5');
    await screen.findByRole('heading', { name: 'OLED TV' });
    fireEvent.click(screen.getByRole('button', { name: /Delete product/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete OLED TV with its offers and images? This cannot be undone.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/products$/));
  });

  it("answers a refused delete with the failure text and the API's own message", async () => {
    mockApi({ ...routes, 'DELETE /admin/products/5': () => reply(409, { error: 'Product is in use' }) });
    renderAdmin('/admin/products/5');
    await screen.findByRole('heading', { name: 'OLED TV' });
    fireEvent.click(screen.getByRole('button', { name: /Delete product/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete product')).toBeInTheDocument();
    expect(screen.getByText('Product is in use')).toBeInTheDocument();
  });

  it('says when the product does not exist', async () => {
    mockApi({ ...routes, 'GET /products/5': () => reply(404, { error: 'Product not found' }) });
    renderAdmin('/admin/products/5');
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Products' })).toBeInTheDocument();
  });

  it('requires name and slug, and Reset returns to the last saved values', async () => {
    const calls = mockApi({ ...routes, 'PUT /products/5': (request) => ({ ...product, ...(request.body as object), updatedAt: '2026-01-03T10:00:00.000Z' }) });
    renderAdmin('/admin/products/5');
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('OLED TV'));

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' OLED TV 2026 ' } });
    // The slug of a saved product does not follow the name.
    expect(screen.getByLabelText('Slug')).toHaveValue('oled-tv');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find('PUT', '/products/5')).toHaveLength(1));
    expect(calls.find('PUT', '/products/5')[0]!.body).toMatchObject({ name: 'OLED TV 2026', slug: 'oled-tv', brand: 'LG', categoryIds: [4] });
  });

  it('opens the tab named in the address; the main image cannot be disabled or set main again', async () => {
    const calls = mockApi({ ...routes, 'GET /products/5/images': () => ({ images: [image(1, true), image(2, false)] }), 'POST /product-images/2/set-main': () => ({ image: image(2, true) }) });
    renderAdmin('/admin/products/5?tab=images');
    const mainCard = (await screen.findByText('1.svg')).closest('.ant-card') as HTMLElement;
    expect(within(mainCard).getByRole('button', { name: 'Set Main' })).toBeDisabled();
    expect(within(mainCard).getByRole('button', { name: 'Disable' })).toBeDisabled();
    const otherCard = screen.getByText('2.svg').closest('.ant-card') as HTMLElement;
    expect(within(otherCard).getByRole('button', { name: 'Disable' })).toBeEnabled();
    fireEvent.click(within(otherCard).getByRole('button', { name: 'Set Main' }));
    await waitFor(() => expect(calls.find('POST', '/product-images/2/set-main')).toHaveLength(1));
    await calls.settled();
    fireEvent.click(screen.getByRole('tab', { name: 'Properties' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/products/5?tab=properties'));
    expect(await screen.findByText('55 inch')).toBeInTheDocument();
    await calls.settled();
  });

  it("shows each image as our own copy, and a store's image not copied yet as copy pending, never from the store's host", async () => {
    const copy = { src: '/api/image-copies/ab/640.webp', srcSet: '/api/image-copies/ab/640.webp 640w', width: 800, height: 800 };
    mockApi({
      ...routes,
      'GET /products/5/images': () => ({
        images: [
          { ...image(1, true), copy },
          { ...image(2, false), url: 'https://cdn.winkel.example/2.jpg', filename: '2.jpg', copy: null },
        ],
      }),
    });
    const { container } = renderAdmin('/admin/products/5?tab=images');
    const copied = (await screen.findByText('1.svg')).closest('.ant-card') as HTMLElement;
    expect(within(copied).getByRole('img')).toHaveAttribute('src', copy.src);
    const pending = screen.getByText('2.jpg').closest('.ant-card') as HTMLElement;
    expect(within(pending).getByTestId('copy-pending')).toHaveTextContent('Copy pending');
    expect(within(pending).queryByRole('img')).toBeNull();
    expect(container.innerHTML).not.toContain('winkel.example');
  });

  it('uploads an image file as multipart and shows the API’s reason when it refuses one', async () => {
    let accept = true;
    const calls = mockApi({
      ...routes,
      'GET /products/5/images': () => ({ images: [image(1, true)] }),
      'POST /products/5/images': () =>
        accept ? reply(201, { image: image(2, false) }) : reply(400, { error: 'Invalid file', details: 'file: at most 5 MB' }),
    });
    const { container } = renderAdmin('/admin/products/5?tab=images');
    await screen.findByText('1.svg');
    const input = () => container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['GIF89a'], 'voorkant.gif', { type: 'image/gif' })] } });
    await waitFor(() => expect(calls.find('POST', '/products/5/images')).toHaveLength(1));
    const sent = calls.find('POST', '/products/5/images')[0]!;
    expect(sent.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(sent.body).toContain('filename="voorkant.gif"');
    expect(await screen.findByText('Image uploaded')).toBeInTheDocument();
    await calls.settled();
    accept = false;
    fireEvent.change(input(), { target: { files: [new File(['x'], 'groot.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Invalid file: file: at most 5 MB')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload image')).toBeInTheDocument();
    await calls.settled();
  });

  it("names the API's reason when a property cannot be deleted", async () => {
    mockApi({ ...routes, 'DELETE /product-properties/3': () => reply(409, { error: 'Property is locked by a feed' }) });
    renderAdmin('/admin/products/5?tab=properties');
    const row = (await screen.findByText('55 inch')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete property')).toBeInTheDocument();
    expect(screen.getByText('Property is locked by a feed')).toBeInTheDocument();
  });

  it('adds a property only with a trimmed name and value', async () => {
    const calls = mockApi({ ...routes, 'POST /products/5/properties': () => reply(201, { property: { id: 9, name: 'Kleur', value: 'Zwart' } }) });
    renderAdmin('/admin/products/5?tab=properties');
    await screen.findByText('55 inch');
    fireEvent.change(screen.getByLabelText('New property name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add property' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Value is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New property name'), { target: { value: ' Kleur ' } });
    fireEvent.change(screen.getByLabelText('New property value'), { target: { value: ' Zwart' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add property' }));
    await waitFor(() => expect(calls.find('POST', '/products/5/properties')).toHaveLength(1));
    expect(calls.find('POST', '/products/5/properties')[0]!.body).toEqual({ name: 'Kleur', value: 'Zwart' });
  });
});

describe('/admin/products/new', () => {
  it('derives the slug from the name until the slug is edited', async () => {
    const calls = mockApi({ 'POST /products': () => reply(201, { ...product, id: 8 }), ...routes, 'GET /products/8': () => ({ ...product, id: 8 }) });
    renderAdmin('/admin/products/new');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Café Élan TV' } });
    expect(screen.getByLabelText('Slug')).toHaveValue('cafe-elan-tv');
    fireEvent.change(screen.getByLabelText('Slug'), { target: { value: 'eigen-slug' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Café Élan TV 2' } });
    expect(screen.getByLabelText('Slug')).toHaveValue('eigen-slug');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/products/8'));
    expect(calls.find('POST', '/products')[0]!.body).toEqual({ name: 'Café Élan TV 2', slug: 'eigen-slug', brand: null, description: null, identifiers: [] });
  });
});

describe('/admin/products/{id}?tab=aliases', () => {
  it('asks before moving an alias, naming how many products move, and says so after', async () => {
    const alias = {
      id: 21,
      path: 'Beeld > Televisies',
      createdAt: '2026-01-01T10:00:00.000Z',
      categoryAliasCategories: [{ categoryId: 4, category: { id: 4, name: 'Televisies', slug: 'televisies' } }],
      _count: { products: 141 },
    };
    const tree = [{ id: 9, name: 'Beeldschermen', slug: 'beeldschermen', image: null, parentId: null, createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z', childCategories: [] }];
    const calls = mockApi({
      ...routes,
      'GET /categories': () => ({ categories: tree }),
      'GET /products/5/category-aliases': () => ({ categoryAliases: [alias] }),
      'DELETE /category-aliases/21/disconnect': () => alias,
      'PUT /category-aliases/21/connect': () => alias,
    });
    renderAdmin('/admin/products/5?tab=aliases');
    const picker = await screen.findByLabelText('Reassign Beeld > Televisies');
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByTitle('Beeldschermen'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Move Beeld > Televisies to the chosen category? All 141 products it brought move with it.')).toBeInTheDocument();
    expect(calls.find('PUT', '/category-aliases/21/connect')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('141 products moved with Beeld > Televisies')).toBeInTheDocument();
    expect(calls.find('PUT', '/category-aliases/21/connect')[0]!.body).toEqual({ categoryId: 9 });
  });
});
