/**
 * Two server renders at once (render-page.tsx with the storefront's real routes and page loaders): one
 * for a Dutch visitor of one site configuration, one for an English visitor of another, the first
 * held up in its page loader while the second renders. Everything that belongs to a request
 * lives in that request's context, so neither page shows the other's site, language or data, and
 * each page's API calls go out in its own language.
 */
import '../test/server-render-environment';
import { mockApi } from '@koopjesland/shared/testing';
import type { SiteConfiguration } from '@koopjesland/shared';
import StorefrontRoutes from '../../../mfe-storefront/src/routes';
import * as storefrontServer from '../../../mfe-storefront/src/ssr';
import { makeProduct, pagination, siteConfiguration } from '../../../mfe-storefront/src/test/fixtures';
import { provideRemoteRoutes } from '../federation/runtime';
import { STOREFRONT_REMOTE } from '../routing/route-table';
import type { RenderRequest } from './contract';
import { renderWithStorefront } from './render-page';

const dutchSite: SiteConfiguration = { ...siteConfiguration, id: 1, name: 'Koopjesland', title: 'Koopjesland – koopjes' };
const englishSite: SiteConfiguration = { ...siteConfiguration, id: 2, name: 'Washouse', title: 'Washouse – laundry deals' };

/** Lets the first request's loader wait until the second page is rendered. */
let releaseDutchCategories: () => void = () => undefined;

beforeEach(() => {
  provideRemoteRoutes(STOREFRONT_REMOTE, StorefrontRoutes);
  const dutchCategoriesHeld = new Promise<void>((resolve) => {
    releaseDutchCategories = resolve;
  });
  mockApi({
    // The product names say in which language the API was asked (Accept-Language), per request.
    'GET /products': ({ query, headers }) => ({
      products: [
        makeProduct({
          id: 6,
          name: `Populair ${query.get('sortBy')} ${headers.get('accept-language')}`,
          percentageChange: -10,
          priceChange: -1000,
        }),
      ],
      pagination: pagination(1),
    }),
    'GET /categories/homepage': async ({ query }) => {
      if (query.get('siteConfigurationId') === '1') {
        await dutchCategoriesHeld;
        return { categories: [{ id: 9, name: 'Laptops', slug: 'laptops', image: null, parentId: 1, createdAt: '', updatedAt: '' }] };
      }
      return { categories: [{ id: 10, name: 'Washing machines', slug: 'washing-machines', image: null, parentId: 1, createdAt: '', updatedAt: '' }] };
    },
  });
});

const request = (siteConfigurationOfRequest: SiteConfiguration, language: 'nl' | 'en', origin: string): RenderRequest => ({
  url: '/',
  origin,
  language,
  hints: { mobile: false, consentDecided: true },
  storefrontEntry: 'http://127.0.0.1/remotes/storefront/server/remoteEntry.js',
  apiBaseUrl: 'http://127.0.0.1/api',
  siteConfiguration: siteConfigurationOfRequest,
});

it('renders two pages for two site configurations and languages at once, each with its own values only', async () => {
  const storefront = { ssr: storefrontServer };
  const dutch = renderWithStorefront(request(dutchSite, 'nl', 'https://koopjesland.test'), storefront);
  // The English page renders while the Dutch page's loader still waits for its categories.
  const english = await renderWithStorefront(request(englishSite, 'en', 'https://washouse.test'), storefront);
  releaseDutchCategories();
  const nl = await dutch;

  expect(english.head).toContain('<title>Washouse – laundry deals</title>');
  expect(english.html).toContain('Washing machines');
  expect(english.html).toContain('Most Popular Categories');
  expect(english.head).toContain('https://washouse.test/');
  expect(english.state.language).toBe('en');
  expect(english.state.siteConfiguration).toEqual(englishSite);
  expect(english.html).toContain('Populair views en');

  expect(nl.head).toContain('<title>Koopjesland – koopjes</title>');
  expect(nl.html).toContain('Laptops');
  expect(nl.html).toContain('Populairste categorieën');
  expect(nl.head).toContain('https://koopjesland.test/');
  expect(nl.state.language).toBe('nl');
  expect(nl.state.siteConfiguration).toEqual(dutchSite);
  expect(nl.state.origin).toBe('https://koopjesland.test');
  expect(nl.html).toContain('Populair views nl');

  for (const [page, foreign] of [
    [nl, ['Washouse', 'Washing machines', 'washouse.test', 'Most Popular Categories', 'Populair views en']],
    [english, ['Koopjesland – koopjes', 'Laptops', 'koopjesland.test', 'Populairste categorieën', 'Populair views nl']],
  ] as const) {
    const everything = page.head + page.html + JSON.stringify(page.state);
    for (const value of foreign) expect([value, everything.includes(value)]).toEqual([value, false]);
  }
});
