import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, pagination, press, reply, type ApiRoutes } from '@koopjesland/shared/testing';
import { feed, run, store } from '../../test/fixtures';
import { renderAdmin } from '../../test/render';

// The chart library draws on a canvas jsdom does not have; its data is checked on the page.
jest.mock('../charts/LineChart', () => ({
  __esModule: true,
  default: ({ times }: { times: number[] }) => <div data-testid="chart">{times.length} runs</div>,
}));

const problems = {
  problems: [
    { reason: 'missing-price', count: 1, examples: [{ position: 31, value: '' }] },
    { reason: 'unknown-currency', count: 1, examples: [{ position: 61, value: 'USD' }] },
  ],
};
const diff = {
  previousRunId: 30,
  summary: { newOffers: 2, removedOffers: 1, priceChanges: 1 },
  changes: [{ kind: 'changed', priceId: 5, productId: 9, productName: 'JBL Flip 6', oldTotal: 2990, newTotal: 2490, change: -500 }],
  pagination: pagination(1),
};
const earlier = { ...run, id: 30, startedAt: '2026-11-19T10:00:00.000Z', finishedAt: '2026-11-19T10:00:02.000Z', durationMs: 2000 };

function api(runs: unknown[], extra: ApiRoutes = {}) {
  return mockApi({
    'GET /stores/id/7': () => store,
    'GET /store-feeds/3': () => feed,
    'GET /store-feeds/3/runs': () => ({ runs, pagination: pagination(runs.length) }),
    'GET /feed-runs/31/problems': () => problems,
    'GET /feed-runs/31/diff': () => diff,
    ...extra,
  });
}

describe('/admin/stores/{id}/feeds/{feedId}', () => {
  it('keeps the page of runs in the address, as every admin list does', async () => {
    const calls = mockApi({
      'GET /stores/id/7': () => store,
      'GET /store-feeds/3': () => feed,
      'GET /store-feeds/3/runs': () => ({ runs: [run], pagination: { currentPage: 2, totalPages: 3, totalItems: 45, itemsPerPage: 20 } }),
    });
    renderAdmin('/admin/stores/7/feeds/3?page=2');
    expect(await screen.findByRole('heading', { name: 'hoofdfeed · Klankwinkel' })).toBeInTheDocument();
    await waitFor(() => expect(calls.find('GET', '/store-feeds/3/runs')).not.toHaveLength(0));
    expect(Object.fromEntries(calls.find('GET', '/store-feeds/3/runs')[0]!.query)).toEqual({ page: '2', limit: '20' });
    await press(await screen.findByTitle('3'));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/stores/7/feeds/3?page=3');
  });

  it('lists the runs with their counts and a chart; a run shows its problems by reason and the diff', async () => {
    api([run, earlier]);
    renderAdmin('/admin/stores/7/feeds/3');
    expect(await screen.findByRole('heading', { name: 'hoofdfeed · Klankwinkel' })).toBeInTheDocument();
    const row = screen.getAllByText('Manual')[0]!.closest('tr')!;
    expect(within(row).getByText('Succeeded')).toBeInTheDocument();
    expect(within(row).getByText('4.0 s')).toBeInTheDocument();
    expect(within(row).getByText('18')).toBeInTheDocument(); // offers created
    expect(await screen.findByTestId('chart')).toHaveTextContent('2 runs');

    await press(row);
    expect(await screen.findByText('Missing or unreadable price')).toBeInTheDocument();
    expect(screen.getByText('Unknown currency')).toBeInTheDocument();
    await press(screen.getByText('Unknown currency'));
    expect(await screen.findByText('Line 61')).toBeInTheDocument();
    expect(screen.getByText('USD')).toBeInTheDocument();
    expect(await screen.findByText('JBL Flip 6')).toBeInTheDocument();
    expect(screen.getByText(/-5,00/)).toBeInTheDocument();
  });

  it('scrolls its wide run table on purpose: the start time stays at the left edge, the rejected count at the right', async () => {
    api([run, earlier]);
    renderAdmin('/admin/stores/7/feeds/3');
    await screen.findAllByText('Manual');
    const headers = screen.getAllByRole('columnheader').filter((cell) => cell.textContent);
    expect(headers[0]).toHaveTextContent('Started');
    expect(headers[0]).toHaveClass('ant-table-cell-fix-start');
    expect(headers.at(-1)).toHaveTextContent('Rejected');
    expect(headers.at(-1)).toHaveClass('ant-table-cell-fix-end');
  });

  it('says so when the feed has not run yet', async () => {
    api([]);
    renderAdmin('/admin/stores/7/feeds/3');
    expect(await screen.findByText('No runs yet')).toBeInTheDocument();
    expect(screen.getByText('The chart appears after two finished runs.')).toBeInTheDocument();
  });

  it('says Feed not found for an unknown feed', async () => {
    mockApi({ 'GET /stores/id/7': () => store, 'GET /store-feeds/99': () => reply(404, { error: 'Feed not found' }) });
    renderAdmin('/admin/stores/7/feeds/99');
    expect(await screen.findByText('Feed not found')).toBeInTheDocument();
  });

  it('offers Apply anyway and Discard for a run the collapse guard held', async () => {
    const held = { ...run, id: 32, status: 'held', heldReason: 'The run would expire 80% of the offers (limit 50%)', offersExpired: 16 };
    const calls = api([held, run], { 'POST /feed-runs/32/apply': () => ({ ...held, status: 'succeeded' }) });
    renderAdmin('/admin/stores/7/feeds/3');
    expect(await screen.findByText('This run is held for review')).toBeInTheDocument();
    expect(screen.getByText('The run would expire 80% of the offers (limit 50%)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeInTheDocument();
    await press(screen.getByRole('button', { name: 'Apply anyway' }));
    await waitFor(() => expect(calls.find('POST', '/feed-runs/32/apply')).toHaveLength(1));
  });

  it('runs the feed and shows its live progress until the result', async () => {
    // The run reads a quarter of the file until the test has seen it part-way, then finishes.
    let finished = false;
    api([run], {
      'POST /store-feeds/3/run': () => reply(202, { ...run, id: 40, status: 'queued' }),
      'GET /feed-runs/40': () =>
        finished
          ? { ...run, id: 40 }
          : { ...run, id: 40, status: 'running', phase: 'parsing', bytesRead: 1024, bytesTotal: 4096, finishedAt: null },
    });
    renderAdmin('/admin/stores/7/feeds/3');
    await press(await screen.findByRole('button', { name: /Run$/ }));
    // The queued run's bar may be replaced by the running one's: look it up afresh.
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25'));
    expect(await screen.findByText('Parsing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel run' })).toBeInTheDocument();
    finished = true;
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'), { timeout: 8000 });
  });
});
