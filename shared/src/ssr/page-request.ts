/**
 * What a page knows of the request it is rendered for, in the server and in the browser that
 * hydrates it: the render hints, the state embedded in the page (`#kl-state`), how its API calls
 * are made and what its data loaders get. Types only, so the API and the server rendering's
 * contract (shell/src/server-rendering/contract.ts) read it without React.
 */
import type { SiteConfiguration } from '../entities';

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
