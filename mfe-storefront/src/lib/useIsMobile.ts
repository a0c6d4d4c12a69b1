import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@koopjesland/shared';

const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.mobile - 1}px)`;

function mobileQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(MOBILE_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = mobileQuery();
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/**
 * True under the spec's 768 px mobile breakpoint; follows window resizes. A server render (and the
 * hydration of its HTML) renders the desktop layout first, then the phone's, so both agree.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mobileQuery()?.matches ?? false,
    () => false,
  );
}
