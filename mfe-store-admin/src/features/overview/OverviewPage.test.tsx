import { screen, within } from '@testing-library/react';
import { mockApi, reply, signInAs } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const heldPrices = {
  total: 3,
  entries: [
    { priceId: 41, total: 2394, heldSince: '2026-11-20T10:00:00.000Z', product: { id: 5, name: 'Robotstofzuiger R9' }, store: { id: 7, name: 'Klankwinkel' } },
  ],
};

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('/admin/overview', () => {
  it("shows a store manager their stores with each feed's last run, held prices and open reports, each linked to where it is handled", async () => {
    signInAs('store_manager', { storeIds: [7] });
    mockApi({
      'GET /admin/overview': () => ({
        stores: {
          total: 1,
          entries: [
            {
              id: 7,
              name: 'Klankwinkel',
              feeds: [
                { id: 3, name: 'Awin', lastRun: { id: 90, status: 'failed', createdAt: '2026-11-27T08:00:00.000Z', finishedAt: '2026-11-27T08:05:00.000Z' } },
                { id: 4, name: 'Tradetracker', lastRun: null },
              ],
            },
          ],
        },
        heldPrices,
        priceReports: {
          total: 1,
          entries: [
            { priceId: 52, count: 2, lastReportedAt: '2026-11-26T09:00:00.000Z', product: { id: 6, name: 'Soundbar S2' }, store: { id: 7, name: 'Klankwinkel' } },
          ],
        },
      }),
    });
    renderAdmin('/admin/overview');

    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    const stores = section('Stores');
    expect(stores.getByRole('link', { name: 'Klankwinkel' })).toHaveAttribute('href', '/admin/stores/7');
    expect(stores.getByRole('link', { name: 'Awin' })).toHaveAttribute('href', '/admin/stores/7/feeds/3');
    expect(stores.getByRole('link', { name: 'Awin' }).closest('li')).toHaveTextContent('Failed');
    expect(stores.getByRole('link', { name: 'Tradetracker' }).closest('li')).toHaveTextContent('Not run yet');
    expect(stores.getByRole('link', { name: 'Show all (1)' })).toHaveAttribute('href', '/admin/stores');

    const held = section('Held prices');
    expect(held.getByRole('link', { name: 'Robotstofzuiger R9' })).toHaveAttribute('href', '/admin/held-prices?storeId=7');
    expect(held.getByText('€ 23,94 at Klankwinkel')).toBeInTheDocument();
    expect(held.getByRole('link', { name: 'Show all (3)' })).toHaveAttribute('href', '/admin/held-prices');

    const reports = section('Open price reports');
    expect(reports.getByRole('link', { name: 'Soundbar S2' })).toHaveAttribute('href', '/admin/price-reports?storeId=7');
    expect(reports.getByText('2 reports at Klankwinkel')).toBeInTheDocument();

    expect(screen.queryByRole('region', { name: 'Unmapped category aliases' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Products without a category' })).not.toBeInTheDocument();
  });

  it('shows a merchandiser the unmapped aliases by offer count, held prices and products without a category', async () => {
    signInAs('merchandiser');
    mockApi({
      'GET /admin/overview': () => ({
        unmappedAliases: { total: 2, entries: [{ id: 12, path: 'Audio > Kabels', offerCount: 141, productCount: 30 }] },
        heldPrices,
        productsWithoutCategory: { total: 1, entries: [{ id: 8, name: 'Losse kabel', offerCount: 1 }] },
      }),
    });
    renderAdmin('/admin/overview');

    const aliases = await screen.findByRole('region', { name: 'Unmapped category aliases' });
    expect(within(aliases).getByRole('link', { name: 'Audio > Kabels' })).toHaveAttribute('href', '/admin/category-aliases/12');
    expect(within(aliases).getByText('141 offers')).toBeInTheDocument();
    expect(within(aliases).getByRole('link', { name: 'Show all (2)' })).toHaveAttribute('href', '/admin/bulk-category-alias');

    const products = section('Products without a category');
    expect(products.getByRole('link', { name: 'Losse kabel' })).toHaveAttribute('href', '/admin/products/8');
    expect(products.getByRole('link', { name: 'Show all (1)' })).toHaveAttribute('href', '/admin/products?hasNoCategory=true');

    expect(section('Held prices').getByRole('link', { name: 'Robotstofzuiger R9' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Stores' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Open price reports' })).not.toBeInTheDocument();
  });

  it('shows the loading state, no empty text, until the sections arrive; then says a section is clear when nothing waits there', async () => {
    signInAs('admin');
    let release: (body: unknown) => void = () => undefined;
    mockApi({ 'GET /admin/overview': () => new Promise((resolve) => (release = resolve)) });
    renderAdmin('/admin/overview');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('No held prices')).not.toBeInTheDocument();
    release({
      stores: { total: 0, entries: [] },
      heldPrices: { total: 0, entries: [] },
      priceReports: { total: 0, entries: [] },
      unmappedAliases: { total: 0, entries: [] },
      productsWithoutCategory: { total: 0, entries: [] },
    });
    expect(await screen.findByText('No open price reports')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(screen.getByText('Every category alias is mapped')).toBeInTheDocument();
    expect(screen.getByText('No held prices')).toBeInTheDocument();
  });

  it('says when the overview could not be loaded', async () => {
    signInAs('store_manager', { storeIds: [7] });
    mockApi({ 'GET /admin/overview': () => reply(500, { error: 'Database unavailable' }) });
    renderAdmin('/admin/overview');
    expect(await screen.findByText('Failed to load data. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  });
});
