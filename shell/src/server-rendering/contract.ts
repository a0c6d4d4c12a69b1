/**
 * The contract between the two halves of this folder: what the API's side (renderer.ts, in the
 * API process) asks of a render and what the shell's Node build (node-entry.ts → render-page.tsx,
 * `shell/dist/server/server.js`) answers. Declared once, for both. Types only, imported by path
 * rather than through `@koopjesland/shared`: the API reads this file without React.
 */
import type { SiteConfiguration } from '../../../shared/src/entities';
import type { EmbeddedPageState, RenderHints } from '../../../shared/src/ssr/page-request';

export type RenderLanguage = 'nl' | 'en';

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

/** What the shell's Node build exports (node-entry.ts): the API's renderer loads it with `require`. */
export interface ShellServerModule {
  renderPage(request: RenderRequest): Promise<RenderResult>;
}
