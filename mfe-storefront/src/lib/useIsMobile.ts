import { useSyncExternalStore } from 'react';
import { BREAKPOINTS, useRenderHints } from '@koopjesland/shared';

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
 * hydration of its HTML) uses the server's guess (a phone's browser gets the phone layout), so both
 * agree; the real width decides right after.
 */
export function useIsMobile(): boolean {
  const { mobile } = useRenderHints();
  return useSyncExternalStore(
    subscribe,
    () => mobileQuery()?.matches ?? false,
    () => mobile,
  );
}
