import { screen, waitFor, within } from '@testing-library/react';
import { feed, run, store } from '../../test/fixtures';
import { answer, json, pagination, press, renderAt, requestsTo, setUpPages } from '../../test/render-pages';

// The chart library draws on a canvas jsdom does not have; its data is checked on the page.
jest.mock('../charts/LineChart', () => ({
  __esModule: true,
  default: ({ times }: { times: number[] }) => <div data-testid="chart">{times.length} runs</div>,
}));

setUpPages();

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

function api(runs: unknown[], extra: (url: URL, request: Request) => Response | undefined = () => undefined) {
  return (request: Request, url: URL) => {
    if (url.pathname === '/api/stores/id/7') return json(store);
    if (url.pathname === '/api/store-feeds/3') return json(feed);
    if (url.pathname === '/api/store-feeds/3/runs') return json({ runs, pagination: pagination(runs.length) });
    if (url.pathname === '/api/feed-runs/31/problems') return json(problems);
    if (url.pathname === '/api/feed-runs/31/diff') return json(diff);
    return extra(url, request);
  };
}

describe('/admin/stores/{id}/feeds/{feedId}', () => {
  it('lists the runs with their counts and a chart; a run shows its problems by reason and the diff', async () => {
    answer(api([run, earlier]));
    renderAt('/admin/stores/7/feeds/3');
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

  it('says so when the feed has not run yet', async () => {
    answer(api([]));
    renderAt('/admin/stores/7/feeds/3');
    expect(await screen.findByText('No runs yet')).toBeInTheDocument();
    expect(screen.getByText('The chart appears after two finished runs.')).toBeInTheDocument();
  });

  it('says Feed not found for an unknown feed', async () => {
    answer(() => json({ error: 'Feed not found' }, 404));
    renderAt('/admin/stores/7/feeds/99');
    expect(await screen.findByText('Feed not found')).toBeInTheDocument();
  });

  it('offers Apply anyway and Discard for a run the collapse guard held', async () => {
    const held = { ...run, id: 32, status: 'held', heldReason: 'The run would expire 80% of the offers (limit 50%)', offersExpired: 16 };
    answer(api([held, run], (url, request) => (request.method === 'POST' && url.pathname === '/api/feed-runs/32/apply' ? json({ ...held, status: 'succeeded' }) : undefined)));
    renderAt('/admin/stores/7/feeds/3');
    expect(await screen.findByText('This run is held for review')).toBeInTheDocument();
    expect(screen.getByText('The run would expire 80% of the offers (limit 50%)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeInTheDocument();
    await press(screen.getByRole('button', { name: 'Apply anyway' }));
    await waitFor(() => expect(requestsTo('POST', '/api/feed-runs/32/apply')).toHaveLength(1));
  });

  it('runs the feed and shows its live progress until the result', async () => {
    // The run reads a quarter of the file until the test has seen it part-way, then finishes.
    let finished = false;
    answer(
      api([run], (url, request) => {
        if (request.method === 'POST' && url.pathname === '/api/store-feeds/3/run') return json({ ...run, id: 40, status: 'queued' }, 202);
        if (url.pathname === '/api/feed-runs/40') {
          return finished
            ? json({ ...run, id: 40 })
            : json({ ...run, id: 40, status: 'running', phase: 'parsing', bytesRead: 1024, bytesTotal: 4096, finishedAt: null });
        }
        return undefined;
      }),
    );
    renderAt('/admin/stores/7/feeds/3');
    await press(await screen.findByRole('button', { name: /Run$/ }));
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(await screen.findByText('Parsing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel run' })).toBeInTheDocument();
    finished = true;
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'), { timeout: 8000 });
  });
});
