import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, pagination, press, reply, type ApiRoutes } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const vacuum = {
  priceId: 41,
  total: 2394,
  amount: 2394,
  shipping: 0,
  url: 'https://awin.example/V1',
  externalId: 'V1',
  heldSince: '2026-11-20T10:00:00.000Z',
  medianTotal: 53_300,
  otherOffers: 2,
  record: {
    name: 'Stofzak voor robotstofzuiger',
    brand: 'Acme',
    description: null,
    gtin: '8720000000016',
    images: null,
    categoryPath: 'Accessoires',
    properties: null,
  },
  product: { id: 5, name: 'Robotstofzuiger R9', slug: 'robotstofzuiger-r9', lowestTotal: 52_700 },
  store: { id: 7, name: 'Klankwinkel' },
  feed: { id: 3, name: 'Awin' },
};
const withoutStoreId = { ...vacuum, priceId: 42, externalId: null, product: { ...vacuum.product, id: 6, name: 'Kabel' } };

function api(list: unknown[], extra: ApiRoutes = {}) {
  return mockApi({
    'GET /held-prices': () => ({ heldOffers: list, pagination: pagination(list.length) }),
    'GET /stores': () => ({ stores: [{ id: 7, name: 'Klankwinkel' }], pagination: pagination(1) }),
    'POST /held-prices/:priceId/:decision': ({ params }) => ({
      priceId: Number(params.priceId),
      decision: params.decision,
      productId: params.decision === 'split' ? 99 : 5,
    }),
    ...extra,
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('/admin/held-prices', () => {
  it("lists each held price with the feed's name for it, the median of the other offers and the lowest shown price", async () => {
    api([vacuum]);
    renderAdmin('/admin/held-prices');
    const row = await rowOf('Robotstofzuiger R9');
    expect(within(row).getByText('In the feed: Stofzak voor robotstofzuiger')).toBeInTheDocument();
    expect(within(row).getByText('Klankwinkel')).toBeInTheDocument();
    expect(within(row).getByText('€ 23,94')).toBeInTheDocument();
    expect(within(row).getByText('€ 533,00')).toBeInTheDocument();
    expect(within(row).getByText('2 other offers')).toBeInTheDocument();
    expect(within(row).getByText('€ 527,00')).toBeInTheDocument();
  });

  it('accepts a held price after confirming, and says so', async () => {
    const calls = api([vacuum]);
    renderAdmin('/admin/held-prices');
    await press(within(await rowOf('Robotstofzuiger R9')).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/€ 23,94 for Robotstofzuiger R9 at Klankwinkel is shown to visitors/)).toBeInTheDocument();
    await press(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.find('POST', '/held-prices/41/accept')).toHaveLength(1));
    expect(await screen.findByText('€ 23,94 for Robotstofzuiger R9 is shown')).toBeInTheDocument();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const calls = api([vacuum]);
    renderAdmin('/admin/held-prices');
    await press(within(await rowOf('Robotstofzuiger R9')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await press(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.find('POST', '/held-prices/41/reject')).toHaveLength(0);
  });

  it('splits a held price into a product named after the record', async () => {
    const calls = api([vacuum]);
    renderAdmin('/admin/held-prices');
    await press(within(await rowOf('Robotstofzuiger R9')).getByRole('button', { name: 'Split' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/A new product "Stofzak voor robotstofzuiger" is made/)).toBeInTheDocument();
    await press(within(dialog).getByRole('button', { name: 'Split' }));
    await waitFor(() => expect(calls.find('POST', '/held-prices/41/split')).toHaveLength(1));
    expect(await screen.findByText('New product "Stofzak voor robotstofzuiger" with the price € 23,94')).toBeInTheDocument();
  });

  it('offers no split for a record without a store product id', async () => {
    api([withoutStoreId]);
    renderAdmin('/admin/held-prices');
    expect(within(await rowOf('Kabel')).getByRole('button', { name: 'Split' })).toBeDisabled();
  });

  it("shows the API's explanation when a release fails", async () => {
    api([vacuum], {
      'POST /held-prices/41/accept': () =>
        reply(409, { error: 'This price is not held (already released, or changed by a later import)' }),
    });
    renderAdmin('/admin/held-prices');
    await press(within(await rowOf('Robotstofzuiger R9')).getByRole('button', { name: 'Accept' }));
    await press(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('The price could not be released')).toBeInTheDocument();
    expect(screen.getByText('This price is not held (already released, or changed by a later import)')).toBeInTheDocument();
  });

  it('says so when nothing is held, and filters by store in the address', async () => {
    const calls = api([]);
    renderAdmin('/admin/held-prices?storeId=7');
    expect(await screen.findByText('No held prices')).toBeInTheDocument();
    expect(calls.find('GET', '/held-prices').at(-1)!.query.get('storeId')).toBe('7');
  });
});
