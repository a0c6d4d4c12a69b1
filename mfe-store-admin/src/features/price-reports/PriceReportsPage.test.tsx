import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, pagination, press, reply, type ApiRoutes } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const speaker = {
  priceId: 41,
  offer: { total: 1999, url: 'https://megakoop.example/speaker', hiddenReason: null, isCurrent: true },
  product: { id: 5, name: 'JBL Flip 6', slug: 'jbl-flip-6' },
  store: { id: 7, name: 'MegaKoop' },
  reasons: [
    { reason: 'price-differs', count: 2 },
    { reason: 'not-in-stock', count: 1 },
  ],
  count: 3,
  notes: ['In de winkel kost hij € 129'],
  firstReportedAt: '2026-11-20T10:00:00.000Z',
  lastReportedAt: '2026-11-24T16:30:00.000Z',
};
const kettle = {
  ...speaker,
  priceId: 42,
  product: { id: 6, name: 'Waterkoker', slug: 'waterkoker' },
  reasons: [{ reason: 'wrong-product', count: 1 }],
  count: 1,
  notes: [],
};

function api(list: unknown[], extra: ApiRoutes = {}) {
  return mockApi({
    'GET /admin/price-reports': () => ({ priceReports: list, pagination: pagination(list.length) }),
    'GET /stores': () => ({ stores: [{ id: 7, name: 'MegaKoop' }], pagination: pagination(1) }),
    'POST /admin/price-reports/:priceId/:decision': ({ params }) => ({
      priceId: Number(params.priceId),
      resolvedReports: 3,
      hiddenReason: params.decision === 'hide' ? 'reported' : null,
    }),
    ...extra,
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('/admin/price-reports', () => {
  it('lists the open reports per offer: offer, store, reasons with counts, notes, count, first and last report', async () => {
    const calls = api([speaker, kettle]);
    renderAdmin('/admin/price-reports');
    const row = await rowOf('JBL Flip 6');
    expect(within(row).getByRole('link', { name: /^€\s19,99$/ })).toHaveAttribute('href', 'https://megakoop.example/speaker');
    expect(within(row).getByText('MegaKoop')).toBeInTheDocument();
    expect(within(row).getByText('Price differs (2)')).toBeInTheDocument();
    expect(within(row).getByText('Not in stock (1)')).toBeInTheDocument();
    expect(within(row).getByText('“In de winkel kost hij € 129”')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(await rowOf('Waterkoker')).getByText('Wrong product (1)')).toBeInTheDocument();
    expect(calls.find('GET', '/admin/price-reports')[0]!.query.get('sortBy')).toBe('lastReportedAt');
  });

  it('hides an offer after confirming, and says so', async () => {
    const calls = api([speaker]);
    renderAdmin('/admin/price-reports');
    await press(within(await rowOf('JBL Flip 6')).getByRole('button', { name: 'Hide offer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/€ 19,99 for JBL Flip 6 at MegaKoop is no longer shown to visitors/)).toBeInTheDocument();
    await press(within(dialog).getByRole('button', { name: 'Hide offer' }));
    await waitFor(() => expect(calls.find('POST', '/admin/price-reports/41/hide')).toHaveLength(1));
    expect(await screen.findByText('JBL Flip 6 at MegaKoop is hidden until the next import')).toBeInTheDocument();
    // The queue is asked again after the change.
    await waitFor(() => expect(calls.find('GET', '/admin/price-reports').length).toBeGreaterThan(1));
  });

  it('dismisses reports after confirming; sends nothing when cancelled', async () => {
    const calls = api([speaker]);
    renderAdmin('/admin/price-reports');
    await press(within(await rowOf('JBL Flip 6')).getByRole('button', { name: 'Dismiss' }));
    await press(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.find('POST', '/admin/price-reports/41/dismiss')).toHaveLength(0);

    await press(within(await rowOf('JBL Flip 6')).getByRole('button', { name: 'Dismiss' }));
    const dialogs = await screen.findAllByRole('dialog');
    await press(within(dialogs[dialogs.length - 1]!).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(calls.find('POST', '/admin/price-reports/41/dismiss')).toHaveLength(1));
    expect(await screen.findByText('The reports of JBL Flip 6 at MegaKoop are dismissed')).toBeInTheDocument();
  });

  it('says when there are no open reports', async () => {
    api([]);
    renderAdmin('/admin/price-reports');
    expect(await screen.findByText('No open price reports')).toBeInTheDocument();
  });

  it('reports a failed resolution', async () => {
    api([speaker], { 'POST /admin/price-reports/41/hide': () => reply(409, { error: 'This offer has no open reports' }) });
    renderAdmin('/admin/price-reports');
    await press(within(await rowOf('JBL Flip 6')).getByRole('button', { name: 'Hide offer' }));
    await press(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hide offer' }));
    expect(await screen.findByText('The reports could not be resolved')).toBeInTheDocument();
    expect(screen.getByText('This offer has no open reports')).toBeInTheDocument();
  });
});
