/**
 * The site configuration for this domain (docs/product.md §1): drives the homepage categories and the
 * SEO texts. The shell loads it once into the shared `useSiteConfigStore` (a server render gives
 * the request's through the page context); the storefront only reads it (the standalone dev
 * bootstrap loads it when nobody has).
 */
import { useSiteConfigState, type SiteConfigState, type SiteConfiguration } from '@koopjesland/shared';

export type SiteConfigurationState =
  | { status: 'loading'; configuration: null }
  | { status: 'error'; configuration: null }
  | { status: 'success'; configuration: SiteConfiguration };

/** A domain without a configuration ('missing') counts as a failure here: nothing to show from it. */
function toState({ status, configuration }: Pick<SiteConfigState, 'status' | 'configuration'>): SiteConfigurationState {
  if (status === 'ready' && configuration) return { status: 'success', configuration };
  if (status === 'missing' || status === 'error') return { status: 'error', configuration: null };
  return { status: 'loading', configuration: null };
}

export function useSiteConfiguration(): SiteConfigurationState {
  return toState(useSiteConfigState());
}
