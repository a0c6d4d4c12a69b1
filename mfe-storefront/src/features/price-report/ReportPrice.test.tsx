import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSiteConfiguration, signOut, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { makePrice, makeProduct, pagination } from '../../test/fixtures';
import ProductPage from '../product/ProductPage';

const product = makeProduct({
  id: 5,
  slug: 'oled-tv',
  name: 'OLED TV',
  offerCount: 2,
  prices: [
    makePrice({ id: 11 }),
    makePrice({ id: 12, total: 12999, amount: 12999, shipping: 0, isLowest: false, url: 'https://other.example/5', store: { id: 2, name: 'Coolblue', logo: null } }),
  ],
});

function api(reportReply: () => unknown = () => reply(201, { report: { id: 1, priceId: 12, reason: 'not-in-stock' } })) {
  return mockApi({
    'GET /products/5': () => product,
    'GET /products': () => ({ products: [], pagination: pagination(0) }),
    'POST /prices/:id/reports': reportReply,
  });
}

async function openReportForm(store: string) {
  renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
  fireEvent.click(await screen.findByRole('button', { name: `Report a wrong price at ${store}` }));
  return screen.findByRole('dialog', { name: 'Report a wrong price' });
}

describe('report a wrong price (product page)', () => {
  beforeEach(() => {
    signOut();
    localStorage.clear();
    setSiteConfiguration({ status: 'missing' });
  });

  it('lets an anonymous visitor report an offer with a reason and a note', async () => {
    const calls = api();
    const dialog = await openReportForm('Coolblue');
    expect(within(dialog).getByText('OLED TV at Coolblue: € 129,99')).toBeInTheDocument();

    // Without a reason nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose what is wrong')).toBeInTheDocument();
    expect(calls.find('POST', '/prices/12/reports')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Not in stock' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: '  Uitverkocht sinds gisteren ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Thank you for your report')).toBeInTheDocument();
    const [sent] = calls.find('POST', '/prices/12/reports');
    expect(sent!.body).toEqual({ reason: 'not-in-stock', note: 'Uitverkocht sinds gisteren' });
    expect(sent!.headers.get('authorization')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report a wrong price' })).not.toBeInTheDocument());
    expect(calls.find('POST', '/prices/11/reports')).toHaveLength(0);
  });

  it('says so when the visitor sent too many reports, and keeps the form open', async () => {
    const calls = api(() => reply(429, { error: 'Too many requests, please try again later.' }, 'Too Many Requests'));
    const dialog = await openReportForm('Bol');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'The price is different' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('You have sent many reports. Please try again in an hour.')).toBeInTheDocument();
    expect(calls.find('POST', '/prices/11/reports')[0]!.body).toEqual({ reason: 'price-differs' });
    expect(screen.getByRole('dialog', { name: 'Report a wrong price' })).toBeInTheDocument();
  });
});
