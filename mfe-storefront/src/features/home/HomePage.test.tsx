import { act, screen, waitFor } from '@testing-library/react';
import { setSiteConfiguration, signInAs, signOut, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { makeProduct, pagination, siteConfiguration } from '../../test/fixtures';
import HomePage from './HomePage';

const popular = [makeProduct({ id: 1, name: 'Popular TV' })];
const drops = [
  makeProduct({ id: 2, name: 'Cheaper Phone', percentageChange: -12.5, priceChange: -2000 }),
  makeProduct({ id: 3, name: 'Dearer Laptop', percentageChange: 4, priceChange: 500 }),
];

function apiWith(productsReply: (sortBy: string | null) => unknown) {
  return mockApi({
    'GET /categories/homepage': () => ({ categories: [{ id: 9, name: 'Televisies', slug: 'televisies', image: null, parentId: 1, createdAt: '', updatedAt: '' }] }),
    'GET /products': ({ query }) => productsReply(query.get('sortBy')),
  });
}

describe('HomePage', () => {
  beforeEach(() => {
    // What the shell leaves in the shared store after loading this domain's configuration.
    setSiteConfiguration({ status: 'ready', configuration: siteConfiguration });
    signOut();
  });

  it('shows a spinner, then popular categories, popular products and only real price drops', async () => {
    const api = apiWith((sortBy) => ({ products: sortBy === 'views' ? popular : drops, pagination: pagination(2) }));
    renderStorefront(<HomePage />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Top 1 Price Drops' })).toBeInTheDocument();
    expect(screen.getByText('Cheaper Phone')).toBeInTheDocument();
    expect(screen.queryByText('Dearer Laptop')).not.toBeInTheDocument();
    expect(screen.getByText('Popular TV')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Most Popular Categories' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Koopjesland – de beste deals');
    expect(screen.getByText('Televisies')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    const dropCall = api.calls.find((c) => c.path === '/products' && c.query.get('sortBy') === 'percentageChange')!;
    expect(Object.fromEntries(dropCall.query)).toMatchObject({ limit: '10', sortOrder: 'asc', excludeUncategorized: 'true' });
    const categoriesCall = api.find('GET', '/categories/homepage')[0]!;
    expect(categoriesCall.query.get('siteConfigurationId')).toBe('3');
  });

  it('reads the site configuration from the shell\'s store and never requests it again', async () => {
    setSiteConfiguration({ status: 'loading' });
    const api = apiWith(() => ({ products: popular, pagination: pagination(1) }));
    renderStorefront(<HomePage />);
    await screen.findAllByText('Popular TV');
    expect(screen.queryByRole('heading', { name: 'Most Popular Categories' })).not.toBeInTheDocument();
    act(() => setSiteConfiguration({ status: 'ready', configuration: siteConfiguration }));
    expect(await screen.findByRole('heading', { name: 'Most Popular Categories' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Koopjesland – de beste deals'));
    expect(api.find('GET', '/categories/homepage')[0]!.query.get('siteConfigurationId')).toBe('3');
    expect(api.find('GET', '/site-configuration')).toHaveLength(0);
  });

  it('shows no categories for a domain without a configuration', async () => {
    setSiteConfiguration({ status: 'missing' });
    const api = apiWith(() => ({ products: popular, pagination: pagination(1) }));
    renderStorefront(<HomePage />);
    await screen.findAllByText('Popular TV');
    expect(screen.queryByRole('heading', { name: 'Most Popular Categories' })).not.toBeInTheDocument();
    expect(api.find('GET', '/categories/homepage')).toHaveLength(0);
  });

  it('shows the empty price-drop message when nothing dropped', async () => {
    apiWith(() => ({ products: [], pagination: pagination(0) }));
    renderStorefront(<HomePage />);
    expect(await screen.findByText('No price drops found')).toBeInTheDocument();
    expect(screen.getByText('Check back later for amazing deals!')).toBeInTheDocument();
  });

  it('shows a red error alert when loading fails', async () => {
    apiWith(() => reply(500, { error: 'Database unavailable' }));
    renderStorefront(<HomePage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(alert).toHaveClass('kl-alert-error');
  });

  it('hides the sign-in prompt for a signed-in visitor', async () => {
    signInAs('user');
    apiWith(() => ({ products: popular, pagination: pagination(1) }));
    renderStorefront(<HomePage />);
    await screen.findAllByText('Popular TV');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument());
  });
});
