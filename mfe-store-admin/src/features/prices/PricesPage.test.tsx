import { screen, waitFor, within } from '@testing-library/react';
import { change, mockApi, pagination, press, reply, type ApiRoutes } from '@koopjesland/shared/testing';
import { price } from '../../test/fixtures';
import { renderAdmin } from '../../test/render';

jest.mock('../charts/LineChart', () => ({
  __esModule: true,
  default: ({ times }: { times: number[] }) => <div data-testid="chart">{times.length} points</div>,
}));

const stores = { stores: [{ id: 7, name: 'Klankwinkel' }], pagination: pagination(1) };

function api(list: unknown[], extra: ApiRoutes = {}) {
  return mockApi({
    'GET /prices': () => ({ prices: list, pagination: pagination(list.length) }),
    'GET /stores': () => stores,
    'GET /products': () => ({ products: [], pagination: pagination(0) }),
    'GET /prices/55/history': () => ({
      history: [
        { id: 1, amount: 2495, shipping: 495, total: 2990, recordedAt: '2026-11-01T10:00:00.000Z' },
        { id: 2, amount: 1995, shipping: 495, total: 2490, recordedAt: '2026-11-10T10:00:00.000Z' },
      ],
    }),
    'GET /prices/55': () => price,
    'PUT /prices/55': () => ({ ...price, amount: 1234, total: 1729 }),
    ...extra,
  });
}

describe('/admin/prices', () => {
  it('lists offers with product and store; a row opens the offer', async () => {
    api([price]);
    renderAdmin('/admin/prices');
    const row = (await screen.findByText('JBL Flip 6')).closest('tr')!;
    expect(within(row).getByText('Klankwinkel')).toBeInTheDocument();
    expect(within(row).getByText('No expiry')).toBeInTheDocument();
    await press(row);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/prices/55');
  });

  it('says so when no offer matches, and sends the price range in cents', async () => {
    const calls = api([]);
    renderAdmin('/admin/prices');
    expect(await screen.findByText('No prices found')).toBeInTheDocument();
    await change(screen.getByLabelText('Min. price'), '12.345');
    await waitFor(() => expect(calls.find('GET', '/prices').at(-1)!.query.get('minPrice')).toBe('1235'));
  });

  it('shows the error when the list cannot be loaded', async () => {
    api([], { 'GET /prices': () => reply(500, { error: 'Database unavailable' }) });
    renderAdmin('/admin/prices');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});

describe('/admin/prices/{id}', () => {
  it("shows the offer, its history chart, and saves an edit", async () => {
    const calls = api([price]);
    renderAdmin('/admin/prices/55');
    expect(await screen.findByRole('heading', { name: 'JBL Flip 6 at Klankwinkel' })).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toHaveTextContent('2 points');
    await change(screen.getByLabelText('Base price', { selector: 'input' }), '12.34');
    await press(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find('PUT', '/prices/55')).toHaveLength(1));
    expect(calls.find('PUT', '/prices/55')[0]!.body).toEqual({
      amount: 1234,
      shipping: 495,
      url: 'https://klankwinkel.example/p/9',
      deliveryTime: '1-2 werkdagen',
      validTo: null,
    });
  });

  it('says Price not found for an unknown offer', async () => {
    mockApi({ 'GET /prices/99': () => reply(404, { error: 'Price not found' }) });
    renderAdmin('/admin/prices/99');
    expect(await screen.findByText('Price not found')).toBeInTheDocument();
  });
});
