import { screen, waitFor, within } from '@testing-library/react';
import { change, mockApi, pagination, press, reply, signInAs, signOut, type ApiRoutes } from '@koopjesland/shared/testing';
import { formatDateTime } from '@koopjesland/shared';
import { feed, price, store } from '../../test/fixtures';
import { renderAdmin } from '../../test/render';

const storeProducts = {
  products: [
    { id: 9, name: 'JBL Flip 6', slug: 'jbl-flip-6', brand: 'JBL', image: null, lowestPrice: 2490, priceCount: 3, createdAt: '2026-03-01T10:00:00.000Z' },
    { id: 10, name: 'Oude kabel', slug: 'oude-kabel', brand: null, image: null, lowestPrice: null, priceCount: 0, createdAt: '2026-03-02T10:00:00.000Z' },
  ],
  pagination: pagination(2),
};

describe('/admin/stores/{id}', () => {
  // Each test starts signed out: some sign in as a store manager.
  beforeEach(signOut);

  it('shows a loading state, then the store with its rating out of 5 and the tab counts', async () => {
    let release: (body: unknown) => void = () => undefined;
    mockApi({ 'GET /stores/id/7': () => new Promise((resolve) => (release = resolve)), 'GET /store-feeds/store/7': () => [] });
    renderAdmin('/admin/stores/7');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    release(store);
    expect(await screen.findByRole('heading', { name: 'Klankwinkel' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(screen.getAllByText('4.3 / 5')[0]).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Products (15)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Prices (12)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Feeds (2)' })).toBeInTheDocument();
  });

  it("shows a store manager a clear 'Not your store' page on another store, without its details", async () => {
    signInAs('store_manager', { storeIds: [3] });
    const api = mockApi({ 'GET /stores/id/7': () => store, 'GET /store-feeds/store/7': () => [] });
    renderAdmin('/admin/stores/7');
    expect(await screen.findByText('Not your store')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit Store/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Stores' })).toBeInTheDocument();
    expect(api.find('GET', '/stores/id/7')).toHaveLength(0);
  });

  it('says Store not found for an unknown store', async () => {
    mockApi({ 'GET /stores/id/99': () => reply(404, { error: 'Store not found' }) });
    renderAdmin('/admin/stores/99');
    expect(await screen.findByText('Store not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Stores' })).toBeInTheDocument();
  });

  it('shows the error when the store cannot be loaded', async () => {
    mockApi({ 'GET /stores/id/7': () => reply(500, { error: 'Database unavailable' }) });
    renderAdmin('/admin/stores/7');
    expect(await screen.findByText('Failed to load data. Please try again.')).toBeInTheDocument();
  });

  it('Edit Store: Cancel resets the inputs, Save Changes sends them', async () => {
    const api = mockApi({
      'GET /stores/id/7': () => store,
      'GET /store-feeds/store/7': () => [],
      'PUT /stores/7': () => ({ ...store, name: 'Klankhuis', updatedAt: '2026-11-21T10:00:00.000Z' }),
    });
    renderAdmin('/admin/stores/7');
    await press(await screen.findByRole('button', { name: /Edit Store/ }));
    await change(screen.getByLabelText('Name'), 'Iets anders');
    await press(screen.getByRole('button', { name: 'Cancel' }));
    await press(screen.getByRole('button', { name: /Edit Store/ }));
    expect(screen.getByLabelText('Name')).toHaveValue('Klankwinkel');
    await change(screen.getByLabelText('Name'), 'Klankhuis ');
    await press(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.find('PUT', '/stores/7')).toHaveLength(1));
    expect(api.find('PUT', '/stores/7')[0]!.body).toEqual({
      name: 'Klankhuis',
      slug: 'klankwinkel',
      url: 'https://klankwinkel.example',
      logo: null,
    });
  });

  it('saves a store whose logo is a path on this site, as the demo seeds them', async () => {
    const seeded = { ...store, logo: '/media/stores/klankwinkel.svg' };
    const api = mockApi({
      'GET /stores/id/7': () => seeded,
      'GET /store-feeds/store/7': () => [],
      'PUT /stores/7': () => ({ ...seeded, name: 'Klankhuis' }),
    });
    renderAdmin('/admin/stores/7');
    await press(await screen.findByRole('button', { name: /Edit Store/ }));
    await change(screen.getByLabelText('Name'), 'Klankhuis');
    await press(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.find('PUT', '/stores/7')).toHaveLength(1));
    expect(api.find('PUT', '/stores/7')[0]!.body).toMatchObject({ name: 'Klankhuis', logo: '/media/stores/klankwinkel.svg' });
    expect(screen.queryByText(/Please enter a valid URL/)).not.toBeInTheDocument();
  });

  it('refuses a logo that is neither a URL nor a path on this site', async () => {
    const api = mockApi({ 'GET /stores/id/7': () => store, 'GET /store-feeds/store/7': () => [] });
    renderAdmin('/admin/stores/7');
    await press(await screen.findByRole('button', { name: /Edit Store/ }));
    await change(screen.getByLabelText('Logo'), 'logo.svg');
    await press(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please enter a valid URL or a path starting with /')).toBeInTheDocument();
    expect(api.find('PUT', '/stores/7')).toHaveLength(0);
  });

  it('shows no empty text under the loading products table', async () => {
    let release: (body: unknown) => void = () => undefined;
    mockApi({
      'GET /stores/id/7': () => store,
      'GET /store-feeds/store/7': () => [],
      'GET /stores/7/products': () => new Promise((resolve) => (release = resolve)),
    });
    const { container } = renderAdmin('/admin/stores/7?tab=products');
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();
    release({ products: [], pagination: pagination(0) });
    expect(await screen.findByText('No products found')).toBeInTheDocument();
  });

  describe('Products tab', () => {
    it("lists the store's products with the lowest price or N/A; a row opens the product in the catalog admin", async () => {
      const api = mockApi({ 'GET /stores/id/7': () => store, 'GET /stores/7/products': () => storeProducts });
      renderAdmin('/admin/stores/7?tab=products');
      const row = (await screen.findByText('JBL Flip 6')).closest('tr')!;
      expect(within(row).getByText('€ 24,90')).toBeInTheDocument();
      expect(within(screen.getByText('Oude kabel').closest('tr')!).getByText('N/A')).toBeInTheDocument();
      expect(api.find('GET', '/stores/7/products')[0]!.query.get('sortBy')).toBe('name');
      await press(row);
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/products/9');
    });

    it("dates its products in the admin's one format, in the user's language", async () => {
      mockApi({ 'GET /stores/id/7': () => store, 'GET /stores/7/products': () => storeProducts });
      renderAdmin('/admin/stores/7?tab=products');
      const row = (await screen.findByText('JBL Flip 6')).closest('tr')!;
      expect(within(row).getByText(formatDateTime('2026-03-01T10:00:00.000Z', 'en'))).toBeInTheDocument();
      expect(within(row).queryByText(/mrt|Mar 2026/)).not.toBeInTheDocument();
    });

    it('says so when the store has no products', async () => {
      mockApi({ 'GET /stores/id/7': () => store, 'GET /stores/7/products': () => ({ products: [], pagination: pagination(0) }) });
      renderAdmin('/admin/stores/7?tab=products');
      expect(await screen.findByText('No products found')).toBeInTheDocument();
    });
  });

  describe('Prices tab', () => {
    const withPrices: ApiRoutes = {
      'GET /stores/id/7': () => store,
      'GET /prices': () => ({ prices: [price], pagination: pagination(1) }),
    };

    it("lists the store's current offers with 'No expiry' for an open end", async () => {
      const api = mockApi(withPrices);
      renderAdmin('/admin/stores/7?tab=prices');
      const row = (await screen.findByText('JBL Flip 6')).closest('tr')!;
      expect(within(row).getByText('€ 24,90')).toBeInTheDocument();
      expect(within(row).getByText('€ 19,95')).toBeInTheDocument();
      expect(within(row).getByText('No expiry')).toBeInTheDocument();
      expect(api.find('GET', '/prices')[0]!.query.get('storeId')).toBe('7');
    });

    it('disables Delete All Prices when the store has none', async () => {
      mockApi({
        'GET /stores/id/7': () => ({ ...store, _count: { ...store._count, prices: 0 } }),
        'GET /prices': () => ({ prices: [], pagination: pagination(0) }),
      });
      renderAdmin('/admin/stores/7?tab=prices');
      expect(await screen.findByText('No prices found')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Delete All Prices/ })).toBeDisabled();
    });

    it('confirms, deletes and shows the three counts in a green result', async () => {
      const api = mockApi({
        ...withPrices,
        'DELETE /stores/7/prices': () => ({ deletedPrices: 12, deletedProducts: 3, deletedCategoryAliases: 1 }),
      });
      renderAdmin('/admin/stores/7?tab=prices');
      await press(await screen.findByRole('button', { name: /Delete All Prices/ }));
      await press(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('12 prices deleted')).toBeInTheDocument();
      expect(screen.getByText('3 products left without prices deleted')).toBeInTheDocument();
      expect(screen.getByText('1 category alias left without products deleted')).toBeInTheDocument();
      expect(document.querySelector('.ant-modal-confirm-success')).not.toBeNull();
      expect(api.find('DELETE', '/stores/7/prices')).toHaveLength(1);
    });

    it("shows the red 'Failed to delete prices. Please try again.' when nothing was deleted", async () => {
      mockApi({
        ...withPrices,
        'DELETE /stores/7/prices': () => ({ deletedPrices: 0, deletedProducts: 0, deletedCategoryAliases: 0 }),
      });
      renderAdmin('/admin/stores/7?tab=prices');
      await press(await screen.findByRole('button', { name: /Delete All Prices/ }));
      await press(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Failed to delete prices. Please try again.')).toBeInTheDocument();
      expect(document.querySelector('.ant-modal-confirm-error')).not.toBeNull();
    });
  });

  describe('Feeds tab and the feed form', () => {
    const feeds = (list: unknown[]): ApiRoutes => ({
      'GET /stores/id/7': () => store,
      'GET /store-feeds/store/7': () => list,
      'POST /store-feeds/store/7': () => reply(201, { ...feed, id: 4 }),
    });

    it('lists feeds with the Inactive badge and the URL cut to 50 characters', async () => {
      mockApi(feeds([feed]));
      renderAdmin('/admin/stores/7?tab=feeds');
      const row = (await screen.findByText('hoofdfeed')).closest('tr')!;
      expect(within(row).getByText('Inactive')).toBeInTheDocument();
      expect(within(row).getByText(`${feed.url.slice(0, 50)}...`)).toBeInTheDocument();
      expect(within(row).getByText('No')).toBeInTheDocument();
    });

    it('says so when the store has no feeds', async () => {
      mockApi(feeds([]));
      renderAdmin('/admin/stores/7?tab=feeds');
      expect(await screen.findByText('No feeds yet')).toBeInTheDocument();
    });

    it('adds a feed: defaults, the path follows the name, Save waits for name, importer and path', async () => {
      const api = mockApi(feeds([]));
      renderAdmin('/admin/stores/7?tab=feeds');
      await press(await screen.findByRole('button', { name: /Add Feed/ }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByTitle('tradetracker')).toBeInTheDocument();
      expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();
      expect(within(dialog).getByRole('switch', { name: 'Create products' })).toBeChecked();
      const save = within(dialog).getByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();

      await change(within(dialog).getByLabelText('Name', { selector: 'input#feed_name' }), 'prijzen');
      expect(within(dialog).getByLabelText('Storage path')).toHaveValue('klankwinkel/prijzen.xml');
      expect(save).toBeEnabled();
      await change(within(dialog).getByLabelText('Storage path'), '');
      expect(save).toBeDisabled();
      await press(within(dialog).getByRole('button', { name: 'Auto-fill' }));
      expect(within(dialog).getByLabelText('Storage path')).toHaveValue('klankwinkel/prijzen.xml');

      // Another store's folder is refused before anything is sent.
      await change(within(dialog).getByLabelText('Storage path'), 'prijsknaller/demo-awin.csv.gz');
      await press(save);
      expect(await within(dialog).findByText("The storage path must be inside the store's folder klankwinkel/")).toBeInTheDocument();
      expect(api.find('POST', '/store-feeds/store/7')).toHaveLength(0);
      await press(within(dialog).getByRole('button', { name: 'Auto-fill' }));

      await press(save);
      await waitFor(() => expect(api.find('POST', '/store-feeds/store/7')).toHaveLength(1));
      expect(api.find('POST', '/store-feeds/store/7')[0]!.body).toEqual({
        name: 'prijzen',
        importer: 'tradetracker',
        url: null,
        path: 'klankwinkel/prijzen.xml',
        compression: 'none',
        parameters: {},
        allowCreateProducts: true,
        isActive: true,
      });
    });

    it("duplicates a feed as a new one named ' (Copy)' at {slug}/{name}-copy.xml", async () => {
      const api = mockApi(feeds([feed]));
      renderAdmin('/admin/stores/7?tab=feeds');
      await press(await screen.findByRole('button', { name: 'Duplicate' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Add Feed')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Name', { selector: 'input#feed_name' })).toHaveValue('hoofdfeed (Copy)');
      expect(within(dialog).getByLabelText('Storage path')).toHaveValue('klankwinkel/hoofdfeed-copy.xml');
      await press(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.find('POST', '/store-feeds/store/7')).toHaveLength(1));
      const body = api.find('POST', '/store-feeds/store/7')[0]!.body as Record<string, unknown>;
      expect(body).not.toHaveProperty('id');
      expect(body).toMatchObject({
        name: 'hoofdfeed (Copy)',
        path: 'klankwinkel/hoofdfeed-copy.xml',
        importer: 'awin',
        compression: 'gzip',
        parameters: { delimiter: ';', intervalHours: 12, fieldMap: { price: 'prijs' } },
      });
    });
  });
});
