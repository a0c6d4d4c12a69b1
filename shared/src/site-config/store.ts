/**
 * The site configuration of the current domain (docs/product.md §4 "Site configuration"): loaded once at
 * start by the shell, read by every remote (one instance: @koopjesland/shared is a singleton).
 * A 404 means none exists yet for this domain ('missing'), which is not an error.
 */
import { createPageStore, useRequestSiteConfiguration } from '../ssr/page-context';
import type { SiteConfiguration } from '../entities';
import { apiGet } from '../api/client';
import { ApiError } from '../api/errors';

export type SiteConfigStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';

export interface SiteConfigState {
  status: SiteConfigStatus;
  configuration: SiteConfiguration | null;
  error: string | null;
  /** Loads the configuration for `domain` (default: this page's hostname). */
  load(domain?: string): Promise<void>;
}

export const useSiteConfigStore = createPageStore<SiteConfigState>((set) => ({
  status: 'idle',
  configuration: null,
  error: null,
  async load(domain = window.location.hostname) {
    set({ status: 'loading', error: null });
    try {
      const configuration = await apiGet<SiteConfiguration>('site-configuration', {
        query: { domain },
        anonymous: true,
      });
      set({ status: 'ready', configuration, error: null });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        set({ status: 'missing', configuration: null, error: null });
      } else {
        set({ status: 'error', configuration: null, error: error instanceof Error ? error.message : String(error) });
      }
    }
  },
}));

/**
 * The site configuration's state for this page: the request's on the server, the page-wide store
 * in the browser (set from the embedded state before hydrating, so both renders agree).
 */
export function useSiteConfigState(): Pick<SiteConfigState, 'status' | 'configuration' | 'error'> {
  const requested = useRequestSiteConfiguration();
  const status = useSiteConfigStore((state) => state.status);
  const configuration = useSiteConfigStore((state) => state.configuration);
  const error = useSiteConfigStore((state) => state.error);
  if (requested !== undefined) {
    return requested ? { status: 'ready', configuration: requested, error: null } : { status: 'missing', configuration: null, error: null };
  }
  return { status, configuration, error };
}
