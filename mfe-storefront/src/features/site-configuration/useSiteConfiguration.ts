/**
 * The site configuration for this domain (spec §1): drives the homepage categories and the
 * SEO texts. Loaded once per page and shared by every caller.
 */
import { useEffect, useState } from 'react';
import { apiGet, type SiteConfiguration } from '@koopjesland/shared';

export type SiteConfigurationState =
  | { status: 'loading'; configuration: null }
  | { status: 'error'; configuration: null }
  | { status: 'success'; configuration: SiteConfiguration };

let pending: Promise<SiteConfiguration> | null = null;

function loadSiteConfiguration(): Promise<SiteConfiguration> {
  pending ??= apiGet<SiteConfiguration>('site-configuration', {
    query: { domain: window.location.hostname },
    anonymous: true,
  }).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** Tests start each case from a clean slate. */
export function resetSiteConfigurationCache(): void {
  pending = null;
}

export function useSiteConfiguration(): SiteConfigurationState {
  const [state, setState] = useState<SiteConfigurationState>({ status: 'loading', configuration: null });
  useEffect(() => {
    let active = true;
    loadSiteConfiguration().then(
      (configuration) => active && setState({ status: 'success', configuration }),
      () => active && setState({ status: 'error', configuration: null }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
