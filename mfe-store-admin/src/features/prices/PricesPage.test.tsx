import { screen, waitFor, within } from '@testing-library/react';
import { price } from '../../test/fixtures';
import { answer, change, json, pagination, press, renderAt, requestsTo, setUpPages } from '../../test/render-pages';

jest.mock('../charts/LineChart', () => ({
  __esModule: true,
  default: ({ times }: { times: number[] }) => <div data-testid="chart">{times.length} points</div>,
}));

setUpPages();

const stores = { stores: [{ id: 7, name: 'Klankwinkel' }], pagination: pagination(1) };

function api(list: unknown[]) {
  return (request: Request, url: URL) => {
    if (url.pathname === '/api/prices') return json({ prices: list, pagination: pagination(list.length) });
    if (url.pathname === '/api/stores') return json(stores);
    if (url.pathname === '/api/products') return json({ products: [], pagination: pagination(0) });
    if (url.pathname === '/api/prices/55/history')
      return json({ history: [{ id: 1, amount: 2495, shipping: 495, total: 2990, recordedAt: '2026-11-01T10:00:00.000Z' }, { id: 2, amount: 1995, shipping: 495, total: 2490, recordedAt: '2026-11-10T10:00:00.000Z' }] });
    if (url.pathname === '/api/prices/55') return request.method === 'PUT' ? json({ ...price, amount: 1234, total: 1729 }) : json(price);
    return undefined;
  };
}

describe('/admin/prices', () => {
  it('lists offers with product and store; a row opens the offer', async () => {
    answer(api([price]));
    renderAt('/admin/prices');
    const row = (await screen.findByText('JBL Flip 6')).closest('tr')!;
    expect(within(row).getByText('Klankwinkel')).toBeInTheDocument();
    expect(within(row).getByText('No expiry')).toBeInTheDocument();
    await press(row);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/prices/55');
  });

  it('says so when no offer matches, and sends the price range in cents', async () => {
    answer(api([]));
    renderAt('/admin/prices');
    expect(await screen.findByText('No prices found')).toBeInTheDocument();
    await change(screen.getByLabelText('Min. price'), '12.345');
    await waitFor(() => expect(requestsTo('GET', '/api/prices').at(-1)!.url.searchParams.get('minPrice')).toBe('1235'));
  });

  it('shows the error when the list cannot be loaded', async () => {
    answer((_request, url) => (url.pathname === '/api/prices' ? json({ error: 'Database unavailable' }, 500) : api([])(_request, url)));
    renderAt('/admin/prices');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});

describe('/admin/prices/{id}', () => {
  it("shows the offer, its history chart, and saves an edit", async () => {
    answer(api([price]));
    renderAt('/admin/prices/55');
    expect(await screen.findByRole('heading', { name: 'JBL Flip 6 at Klankwinkel' })).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toHaveTextContent('2 points');
    await change(screen.getByLabelText('Base price', { selector: 'input' }), '12.34');
    await press(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo('PUT', '/api/prices/55')).toHaveLength(1));
    expect(requestsTo('PUT', '/api/prices/55')[0]!.body).toEqual({
      amount: 1234,
      shipping: 495,
      url: 'https://klankwinkel.example/p/9',
      deliveryTime: '1-2 werkdagen',
      validTo: null,
    });
  });

  it('says Price not found for an unknown offer', async () => {
    answer(() => json({ error: 'Price not found' }, 404));
    renderAt('/admin/prices/99');
    expect(await screen.findByText('Price not found')).toBeInTheDocument();
  });
});
