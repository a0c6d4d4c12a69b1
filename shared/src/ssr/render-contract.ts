/**
 * The contract between the API and the shell's Node build (`shell/dist/server/server.js`): what
 * the API's server rendering (api/src/server-rendering) asks of a render and what it gets back.
 * Declared once, here, for both sides; types only, so the API reads it without React.
 */
import type { SiteConfiguration } from '../entities';

export type RenderLanguage = 'nl' | 'en';

/** What the server guessed of the browser it renders for (`useRenderHints`). */
export interface RenderHints {
  /** A phone (Sec-CH-UA-Mobile, else the user agent): the phone layout first. */
  mobile: boolean;
  /** The cookie choice is on record (its cookie came along): no consent dialog. */
  consentDecided: boolean;
}

/** The state a server-rendered page embeds (`#kl-state`) for the browser to hydrate from. */
export interface EmbeddedPageState {
  /** The language the server rendered in. */
  language: string;
  /** The site configuration the server rendered with (null: none for this domain). */
  siteConfiguration: unknown;
  /** Each remote's store state, by key. */
  stores: Record<string, unknown>;
  /** The hints the server rendered with (hydration must use the same). */
  hints?: RenderHints;
  /** The origin the server built the page's addresses from (configuration, not the browser's address bar). */
  origin?: string;
}

export interface RenderRequest {
  /** Path and query of the page, e.g. `/laptops?page=2`. */
  url: string;
  /** The page's origin (canonical and og:url addresses), from configuration (page-origin.ts). */
  origin: string;
  language: RenderLanguage;
  /** What the request tells of the browser (phone layout, consent dialog). */
  hints: RenderHints;
  /** Absolute URL of the storefront's Node container (`…/server/remoteEntry.js`). */
  storefrontEntry: string;
  /** Load the container afresh (a new storefront was deployed). */
  reloadStorefront?: boolean;
  /** The API's base URL for the page's data, and the fetch that reaches it (the API answers in-process). */
  apiBaseUrl: string;
  apiFetch?: typeof fetch;
  /** The domain's site configuration (null: none). */
  siteConfiguration: SiteConfiguration | null;
  /** Aborted when the caller gave up (the budget is spent): the render stops. */
  signal?: AbortSignal;
}

export interface RenderResult {
  status: 200 | 301 | 404;
  location?: string;
  /** The markup inside `#root`. */
  html: string;
  /** Elements for `<head>`: title, meta, link, the storefront's styles. */
  head: string;
  state: EmbeddedPageState;
}

/**
 * What a call needs to know of the page it is made for when one process serves many pages at once
 * (a server render): the page's store passes its own with every call, so nothing of one request is
 * kept in this module. In the browser there is one page: the API client's defaults (the i18next
 * language, its configured address, the platform's fetch, the signed-in user's token) apply.
 */
export interface RequestScope {
  /** The page's language, sent as Accept-Language. */
  language?: string;
  /** The API's base URL, and the fetch that reaches it (a server render answers in-process). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Send no bearer token (e.g. site configuration by domain; a server renders for an anonymous visitor). */
  anonymous?: boolean;
}

/** What a page's data loader knows of its request besides the address: passed along, never read from a module. */
export interface PageRequest {
  siteConfiguration: SiteConfiguration | null;
}

/** What the storefront's server module gets for one request: its loaders' request and how its API calls are made. */
export interface ServerPageRequest extends PageRequest {
  api: RequestScope;
}

/** What the shell's Node build exports (shell/src/server.ts). */
export interface ShellServerModule {
  renderPage(request: RenderRequest): Promise<RenderResult>;
}
