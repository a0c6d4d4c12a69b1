import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSiteConfiguration, signInAs, signOut, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { makePrice, makeProduct, pagination } from '../../test/fixtures';
import ProductPage from './ProductPage';

const product = makeProduct({
  id: 5,
  slug: 'oled-tv',
  name: 'OLED TV',
  brand: 'LG',
  priceChange: -2000,
  percentageChange: -16.7,
  highestPrice: 12999,
  offerCount: 2,
  breadcrumb: [{ id: 4, name: 'Televisies', slug: 'televisies' }],
  categories: [{ id: 4, name: 'Televisies', slug: 'televisies' }],
  productIds: [{ id: 1, type: 'EAN', value: '8712345678901' }],
  properties: [{ id: 1, name: 'Screen', value: '55 inch' }],
  prices: [makePrice({ id: 11 }), makePrice({ id: 12, total: 12999, amount: 12999, shipping: 0, isLowest: false, url: 'https://other.example/5', store: { id: 2, name: 'Coolblue', logo: null } })],
});

describe('ProductPage', () => {
  beforeEach(() => {
    signOut();
    localStorage.clear();
    setSiteConfiguration({ status: 'missing' });
  });

  function api(productReply: () => unknown = () => product) {
    return mockApi({
      'GET /products/5': productReply,
      'GET /products': () => ({ products: [makeProduct({ id: 6, name: 'QLED TV' }), product], pagination: pagination(2) }),
      'POST /prices/log-redirect': () => reply(201, { ok: true }),
    });
  }

  it('shows the product, prices, details, recommendations and structured data', async () => {
    api();
    renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    expect(await screen.findByRole('heading', { name: 'OLED TV', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('You save € 20,00')).toBeInTheDocument();
    expect(screen.getAllByText('Free shipping').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('Product identifiers'));
    expect(await screen.findByText('8712345678901')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'You might also like' })).toBeInTheDocument();
    expect(screen.getByText('QLED TV')).toBeInTheDocument();
    expect(screen.getAllByText('No Image').length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toContain('OLED TV - Televisies - LG - €'));
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!));
    const productLd = jsonLd.find((data) => data['@type'] === 'Product');
    expect(productLd.offers).toEqual({ '@type': 'AggregateOffer', priceCurrency: 'EUR', lowPrice: '99.99', highPrice: '129.99', offerCount: 2 });
    expect(jsonLd.find((data) => data['@type'] === 'WebSite').potentialAction.target).toMatch(/\/search\?q=\{search_term_string\}$/);
    expect(document.querySelector('meta[property="og:locale"]')).toHaveAttribute('content', 'nl_NL');
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/product/oled-tv/5');
  });

  it('logs a click-out and opens the store in a new tab', async () => {
    signInAs('user', { id: 7, email: 'demo@koopjesland.nl' });
    const calls = api();
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    fireEvent.click(await screen.findByRole('button', { name: 'View offer at Coolblue' }));
    expect(open).toHaveBeenCalledWith('https://other.example/5', '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(calls.find('POST', '/prices/log-redirect')).toHaveLength(1));
    expect(calls.find('POST', '/prices/log-redirect')[0]!.body).toMatchObject({
      user: { isLoggedIn: true, userId: 7, userEmail: 'demo@koopjesland.nl', isAdmin: false },
      product: { id: 5, name: 'OLED TV', slug: 'oled-tv' },
      store: { id: 2, name: 'Coolblue' },
      pricing: { current: 12999, lowest: 9999 },
      redirectUrl: 'https://other.example/5',
    });
    open.mockRestore();
  });

  it('says so when the product does not exist', async () => {
    api(() => reply(404, { error: 'Product not found' }));
    renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    expect(await screen.findByText("The product you're looking for could not be found.")).toBeInTheDocument();
  });

  it('shows a red alert when loading fails', async () => {
    api(() => reply(500, {}, 'Internal Server Error'));
    renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch product details: Internal Server Error');
  });

  it('adds, edits and removes a wishlist entry with validation and toasts', async () => {
    signInAs('user');
    const calls = mockApi({
      'GET /products/5': () => ({ ...product, isWishlisted: false, wishlistItem: null }),
      'GET /products': () => ({ products: [], pagination: pagination(0) }),
      'POST /wishlist': () => ({ wishlistItem: { id: 31, maxPrice: 5000 } }),
      'PUT /wishlist/31': () => ({ ok: true }),
      'DELETE /wishlist/31': () => reply(500, { error: 'boom' }),
    });
    renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    fireEvent.click(await screen.findByRole('button', { name: /Add to wishlist/ }));
    const input = await screen.findByLabelText('Desired price');
    expect(input).toHaveValue('74,99'); // 75 % of € 99,99
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The desired price must be greater than 0')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('OLED TV has been added to your wishlist')).toBeInTheDocument();
    expect(calls.find('POST', '/wishlist')[0]!.body).toEqual({ productId: 5, maxPrice: 5000 });
    const heart = await screen.findByRole('button', { name: /On your wishlist/ });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(heart);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove product from wishlist. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Failed to remove from wishlist')).toBeInTheDocument();
  });

  it('asks the wishlist when the product does not say, and shows the filled heart', async () => {
    signInAs('user');
    const calls = mockApi({
      'GET /products/5': () => product,
      'GET /products': () => ({ products: [], pagination: pagination(0) }),
      'GET /wishlist/check/5': () => ({ isWishlisted: true, wishlistItemId: 31, maxPrice: 5000 }),
    });
    renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    const heart = await screen.findByRole('button', { name: /On your wishlist/ });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(heart);
    expect(await screen.findByLabelText('Desired price')).toHaveValue('50,00');
    expect(calls.find('GET', '/wishlist/check/5')).toHaveLength(1);
  });

  it('names the failure of adding to the wishlist and of checking it', async () => {
    signInAs('user');
    mockApi({
      'GET /products/5': () => product,
      'GET /products': () => ({ products: [], pagination: pagination(0) }),
      'GET /wishlist/check/5': () => reply(500, {}, 'Internal Server Error'),
      'POST /wishlist': () => reply(503, {}, 'Service Unavailable'),
    });
    renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    expect(await screen.findByText('Failed to check wishlist status')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: /Add to wishlist/ }));
    fireEvent.change(await screen.findByLabelText('Desired price'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add product to wishlist. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Failed to add to wishlist: Service Unavailable')).toBeInTheDocument();
  });

  it("links each offer's store to its page, with its rating", async () => {
    const rated = {
      ...product,
      prices: [
        makePrice({ id: 71, store: { id: 3, name: 'MegaKoop', logo: null, slug: 'megakoop', rating: { average: 4.25, count: 15 } } }),
        makePrice({ id: 72, isLowest: false, total: 12999, store: { id: 4, name: 'Nieuwkomer', logo: null, slug: 'nieuwkomer', rating: { average: null, count: 0 } } }),
      ],
    };
    api(() => rated);
    renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    const offers = await screen.findAllByTestId('offer');
    expect(within(offers[0]!).getByRole('link', { name: 'MegaKoop' })).toHaveAttribute('href', '/store/megakoop');
    expect(offers[0]).toHaveTextContent('Rated 4.3 (15)');
    expect(offers[1]).not.toHaveTextContent('Rated');
  });

  it('sends an anonymous visitor to sign in and back', async () => {
    api();
    renderStorefront(<ProductPage />, { route: '/product/oled-tv/5', path: 'product/:slug/:id' });
    fireEvent.click(await screen.findByRole('button', { name: /Add to wishlist/ }));
    await waitFor(() =>
      expect(document.querySelector('[data-testid="location"]')?.textContent).toBe('/login?redirect=%2Fproduct%2Foled-tv%2F5'),
    );
  });

  it('follows a merged product to the product it was merged into', async () => {
    // The API answers 301 for the removed id; fetch follows it and returns the kept product.
    mockApi({
      'GET /products/9': () => product,
      'GET /products': () => ({ products: [], pagination: pagination(0) }),
    });
    renderStorefront(<ProductPage />, { route: '/product/old-oled-tv/9', path: 'product/:slug/:id' });
    await waitFor(() => expect(document.querySelector('[data-testid="location"]')?.textContent).toBe('/product/oled-tv/5'));
  });
});
