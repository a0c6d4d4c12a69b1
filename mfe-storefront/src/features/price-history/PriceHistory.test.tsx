import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductPriceHistory } from '@koopjesland/shared';
import { setSiteConfiguration, signOut, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { makeProduct } from '../../test/fixtures';
import ProductPage from '../product/ProductPage';
import { PriceHistorySlot } from './PriceHistorySlot';

// uPlot draws on a canvas, which jsdom lacks: the chart shows what it was given instead.
jest.mock('./PriceHistoryChart', () => ({
  __esModule: true,
  LOWEST_COLOR: '#1677ff',
  MARKER_COLORS: { lowest: 'green', highest: 'red', today: 'blue' },
  storeColor: () => 'orange',
  default: ({ history, showStores }: { history: ProductPriceHistory; showStores: boolean }) => (
    <ol aria-label="chart lines">
      <li>{`lowest: ${history.lowest.length} days, last ${history.lowest.at(-1)}`}</li>
      {showStores && history.stores.map((line) => <li key={line.store.id}>{`${line.store.name}: ${line.totals.length} days`}</li>)}
    </ol>
  ),
}));

const DAYS = { '30d': 30, '90d': 90, '1y': 365, all: 400 } as const;
type Range = keyof typeof DAYS;

/** A history of `days` days ending 2026-11-25: 1099 until ten days ago, then 999 (bol) and 1049 (Coolblue). */
function history(range: Range, overrides: Partial<ProductPriceHistory> = {}): ProductPriceHistory {
  const count = DAYS[range];
  const days = Array.from({ length: count }, (_, index) => new Date(Date.UTC(2026, 10, 25 - (count - 1 - index))).toISOString().slice(0, 10));
  const bol = days.map((_, index) => (index < count - 10 ? 109900 : 99900));
  const coolblue = days.map((_, index) => (index < count - 10 ? null : 104900));
  return {
    productId: 5,
    range,
    days,
    lowest: bol,
    stores: [
      { store: { id: 1, name: 'bol', slug: 'bol' }, totals: bol },
      { store: { id: 2, name: 'Coolblue', slug: 'coolblue' }, totals: coolblue },
    ],
    lowestInRange: { day: days[count - 10]!, total: 99900 },
    highestInRange: { day: days[0]!, total: 109900 },
    current: 99900,
    lowestInDays: 90,
    ...overrides,
  };
}

const product = makeProduct({
  id: 5,
  slug: 'oled-tv',
  name: 'OLED TV',
  lowestPrice: { id: 11, amount: 99900, shipping: 0, total: 99900, store: { id: 1, name: 'bol', logo: null } },
  prices: [],
});

function api(answer: (range: Range) => unknown = (range) => history(range)) {
  return mockApi({
    'GET /products/5': () => product,
    'GET /products/5/price-history': (request) => answer((request.query.get('range') ?? '90d') as Range),
    'GET /products': () => ({ products: [], pagination: { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 7 } }),
  });
}

/** IntersectionObserver (jsdom has none) whose elements come into view when `intersect` says so. */
const observers: { callback: IntersectionObserverCallback; element?: Element }[] = [];
class FakeObserver {
  static immediately = true;
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.push({ callback });
  }
  observe(element: Element) {
    observers.at(-1)!.element = element;
    if (FakeObserver.immediately) this.callback([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

/** The visitor scrolls: the block starts watching whether it is in view. */
const scroll = () => act(() => void window.dispatchEvent(new Event('scroll')));

describe('price history on the product page', () => {
  beforeAll(() => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  });
  afterAll(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  beforeEach(() => {
    signOut();
    localStorage.clear();
    setSiteConfiguration({ status: 'missing' });
    FakeObserver.immediately = true;
    observers.length = 0;
  });

  it('shows 90 days first with the lowest, highest and today, and switches ranges and store lines', async () => {
    const calls = api();
    renderStorefront(<PriceHistorySlot productId={5} />);
    scroll();
    expect(await screen.findByText('lowest: 90 days, last 99900')).toBeInTheDocument();
    expect(screen.getByText('Lowest € 999,00 on 16 nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Highest € 1.099,00 on 28 aug 2026')).toBeInTheDocument();
    expect(screen.getByText('Today € 999,00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Chart of the lowest price including shipping per day, 28 aug 2026 to 25 nov 2026' })).toBeInTheDocument();

    fireEvent.click(screen.getByText('30 days'));
    expect(await screen.findByText('lowest: 30 days, last 99900')).toBeInTheDocument();
    fireEvent.click(screen.getByText('1 year'));
    expect(await screen.findByText('lowest: 365 days, last 99900')).toBeInTheDocument();
    fireEvent.click(screen.getByText('All'));
    expect(await screen.findByText('lowest: 400 days, last 99900')).toBeInTheDocument();
    expect(calls.find('GET', '/products/5/price-history').map((call) => call.query.get('range'))).toEqual(['90d', '30d', '1y', 'all']);

    expect(screen.queryByText('Coolblue: 400 days')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Show each store' }));
    expect(screen.getByText('Coolblue: 400 days')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Lines in the chart' })).getByText('Coolblue')).toBeInTheDocument();
  });

  it('says so when the range holds no prices, and when the history cannot be loaded', async () => {
    const empty = (range: Range) =>
      history(range, {
        lowest: Array.from({ length: DAYS[range] }, () => null),
        stores: [],
        lowestInRange: null,
        highestInRange: null,
        current: null,
        lowestInDays: null,
      });
    api(empty);
    const { unmount } = renderStorefront(<PriceHistorySlot productId={5} />);
    scroll();
    expect(await screen.findByText('No price history for this period yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show each store' })).toBeDisabled();
    unmount();

    api(() => reply(500, { error: 'Internal Server Error' }));
    renderStorefront(<PriceHistorySlot productId={5} />);
    scroll();
    expect(await screen.findByText('The price history could not be loaded')).toBeInTheDocument();
  });

  it('loads the chart only when it scrolls into view, in space held for it', async () => {
    FakeObserver.immediately = false;
    api();
    renderStorefront(<PriceHistorySlot productId={5} />);
    expect(screen.getByRole('heading', { name: 'Price history' })).toBeInTheDocument();
    const holder = screen.getByTestId('price-history');
    expect(holder.style.minHeight).toBe('350px');
    // Nothing is watched before the visitor scrolls (or a while after the page loaded).
    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    expect(observers.at(-1)!.element).toBeUndefined();
    scroll();
    expect(observers.at(-1)!.element).toBe(holder);
    expect(screen.queryByText('30 days')).not.toBeInTheDocument();

    const { callback, element } = observers.at(-1)!;
    act(() => callback([{ isIntersecting: true, target: element! } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByText('lowest: 90 days, last 99900')).toBeInTheDocument();
  });

  it('shows "Lowest price in 90 days" beside the lowest price when it holds, and nothing otherwise', async () => {
    api();
    const { unmount } = renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    const summary = await screen.findByRole('group', { name: 'Lowest price' });
    expect(await within(summary).findByText('Lowest price in 90 days')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Price history' })).toBeInTheDocument();
    scroll();
    expect(await screen.findByText('Lowest € 999,00 on 16 nov 2026')).toBeInTheDocument();
    unmount();

    api((range) => history(range, { lowestInDays: 365 }));
    const again = renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    expect(await screen.findByText('Lowest price in 365 days')).toBeInTheDocument();
    again.unmount();

    api((range) => history(range, { lowestInDays: null }));
    renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    await screen.findByRole('heading', { name: 'Price history' });
    scroll();
    await screen.findByText('lowest: 90 days, last 99900');
    expect(screen.queryByText(/Lowest price in/)).not.toBeInTheDocument();
  });
});
