import { useEffect, useState } from 'react';
import { BREAKPOINTS } from '@koopjesland/shared';

const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.mobile - 1}px)`;

function matchesMobile(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(MOBILE_QUERY).matches
    : false;
}

/** True under the spec's 768 px mobile breakpoint; follows window resizes. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(matchesMobile);
  useEffect(() => {
    const query = window.matchMedia?.(MOBILE_QUERY);
    if (!query) return undefined;
    const onChange = () => setMobile(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);
  return mobile;
}
