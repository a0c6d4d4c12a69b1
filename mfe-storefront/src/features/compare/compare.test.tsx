import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { CompareResponse } from '@koopjesland/shared';
import { mockApi, reply, signOut } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { makeProduct } from '../../test/fixtures';
import { ProductGrid } from '../products/ProductGrid';
import { clearCompared, compareStore, useCompareState } from './compare-store';
import ComparePage from './ComparePage';
import { CompareTray } from './CompareTray';

const televisies = { id: 4, name: 'Televisies', slug: 'televisies' };
const tv = (id: number) => makeProduct({ id, name: `TV ${id}`, slug: `tv-${id}`, categories: [televisies] });
const washer = makeProduct({ id: 9, name: 'Washer 9', slug: 'washer-9', categories: [{ id: 8, name: 'Wasmachines', slug: 'wasmachines' }] });

function Names() {
  const { products } = useCompareState();
  return <p>{products.length ? products.map((product) => product.name).join(', ') : 'nothing chosen'}</p>;
}

describe('choosing products to compare', () => {
  beforeEach(() => {
    signOut();
    localStorage.clear();
    clearCompared();
  });

  it('collects up to four televisions in the tray, refuses a fifth and another category, and links to the comparison', async () => {
    renderStorefront(
      <>
        <ProductGrid products={[tv(1), tv(2), tv(3), tv(4), tv(5), washer]} columns={3} />
        <CompareTray />
      </>,
    );
    for (const id of [1, 2, 3]) fireEvent.click(await screen.findByRole('button', { name: `Compare TV ${id}` }));
    expect(screen.getByRole('button', { name: 'Compare TV 1' })).toHaveAttribute('aria-pressed', 'true');
    const tray = screen.getByRole('region', { name: 'Comparison' });
    expect(within(tray).getByText('Compare (3/4)')).toBeInTheDocument();
    expect(within(tray).getByRole('link', { name: 'Compare 3 products' })).toHaveAttribute('href', '/compare?ids=1,2,3');

    fireEvent.click(screen.getByRole('button', { name: 'Compare TV 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Compare TV 5' }));
    expect(within(tray).getByRole('alert')).toHaveTextContent('You can compare up to 4 products. Remove one first.');
    expect(screen.getByRole('button', { name: 'Compare TV 5' })).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(within(tray).getByRole('button', { name: 'Remove TV 4 from the comparison' }));
    expect(screen.getByRole('button', { name: 'Compare TV 4' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Compare Washer 9' }));
    expect(within(tray).getByRole('alert')).toHaveTextContent('You can only compare products of one category (Televisies).');
    expect(screen.getByRole('button', { name: 'Compare Washer 9' })).toHaveAttribute('aria-pressed', 'false');

    // Pressed again: out of the comparison. The choice is kept in the browser.
    fireEvent.click(screen.getByRole('button', { name: 'Compare TV 2' }));
    expect(within(tray).getByRole('link', { name: 'Compare 2 products' })).toHaveAttribute('href', '/compare?ids=1,3');
    expect(JSON.parse(localStorage.getItem('koopjes_land_compare')!).map((entry: { id: number }) => entry.id)).toEqual([1, 3]);
  });

  it('renders an empty choice on the server and hydrates without a mismatch, then shows the stored choice', async () => {
    compareStore.setState({ products: [{ id: 1, slug: 'tv-1', name: 'TV 1', image: null, imageCopy: null, categories: [televisies] }], notice: null });
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Names />);
    expect(container.textContent).toBe('nothing chosen');
    const recoverable = jest.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Names />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toBe('TV 1');
    act(() => root!.unmount());
  });
});

const comparison: CompareResponse = {
  category: televisies,
  fields: [
    { id: 11, categoryId: 4, name: 'Screen size', type: 'number', unit: 'inch', options: [], position: 0 },
    { id: 12, categoryId: 4, name: 'Energy label', type: 'list', unit: null, options: ['E', 'F', 'G'], position: 1 },
    { id: 13, categoryId: 4, name: 'HDR', type: 'boolean', unit: null, options: [], position: 2 },
  ],
  products: [1, 2, 3].map((id) => ({
    id,
    slug: `tv-${id}`,
    name: `TV ${id}`,
    brand: 'LG',
    image: null,
    imageCopy: null,
    lowestPrice: { id: 100 + id, amount: 50000 + id, shipping: 0, total: 50000 + id, url: `https://store.example/tv-${id}`, store: { id: 2, name: 'Coolblue', logo: null } },
    values: [
      { fieldId: 11, value: id === 2 ? 65 : 55 },
      { fieldId: 12, value: 'G' },
      { fieldId: 13, value: id === 3 ? null : true },
    ],
  })),
};

describe('ComparePage', () => {
  beforeEach(() => {
    signOut();
    localStorage.clear();
    clearCompared();
  });

  it('shows the products side by side with the differing rows highlighted and the equal ones foldable', async () => {
    const api = mockApi({
      'GET /products/compare': () => comparison,
      'POST /prices/log-redirect': () => reply(201, { ok: true }),
    });
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderStorefront(<ComparePage />, { route: '/compare?ids=1,2,3', path: 'compare' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Compare Televisies' })).toBeInTheDocument();
    expect(Object.fromEntries(api.find('GET', '/products/compare')[0]!.query)).toEqual({ ids: '1,2,3' });

    const table = screen.getByRole('table', { name: 'Comparison of Televisies' });
    const size = within(table).getByRole('row', { name: /Screen size \(inch\)/ });
    expect(within(size).getByRole('rowheader')).toHaveTextContent('Screen size (inch) (differs)');
    expect(size).toHaveClass('kl-compare-differs');
    expect(within(size).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['55 inch', '65 inch', '55 inch']);
    const hdr = within(table).getByRole('row', { name: /HDR/ });
    expect(within(hdr).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Yes', 'Yes', '–']);
    expect(hdr).toHaveClass('kl-compare-differs');
    const label = within(table).getByRole('row', { name: /Energy label/ });
    expect(label).not.toHaveClass('kl-compare-differs');
    expect(screen.getByText('Highlighted: 2 fields that differ')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Hide 1 equal fields' }));
    expect(within(table).queryByRole('row', { name: /Energy label/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 equal fields' }));
    expect(within(table).getByRole('row', { name: /Energy label/ })).toBeInTheDocument();

    expect(within(table).getByRole('link', { name: 'TV 2' })).toHaveAttribute('href', '/product/tv-2/2');
    expect(within(table).getByText('€ 500,02')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'View offer for TV 2 at Coolblue' }));
    expect(open).toHaveBeenCalledWith('https://store.example/tv-2', '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(api.find('POST', '/prices/log-redirect')).toHaveLength(1));
    expect(api.find('POST', '/prices/log-redirect')[0]!.body).toMatchObject({ product: { id: 2 }, store: { id: 2 }, priceId: 102 });
    expect(within(table).getByRole('link', { name: 'Remove TV 1 from the comparison' })).toHaveAttribute('href', '/compare?ids=2,3');
    open.mockRestore();
  });

  it('says what went wrong when the products cannot be compared, and what to do with no products', async () => {
    mockApi({ 'GET /products/compare': () => reply(400, { error: 'Invalid ids', details: 'ids: the products share no category' }) });
    const { unmount } = renderStorefront(<ComparePage />, { route: '/compare?ids=1,9', path: 'compare' });
    expect(await screen.findByText('Invalid ids: ids: the products share no category')).toBeInTheDocument();
    unmount();
    renderStorefront(<ComparePage />, { route: '/compare', path: 'compare' });
    expect(screen.getByText('Nothing to compare yet: choose products with their Compare button.')).toBeInTheDocument();
  });
});
