/**
 * The storefront's failure texts (docs/product.md §8): the call's own message ('Failed to fetch
 * product details: Not Found') as the title, the API's explanation ('Product not found') beside it.
 */
import { useEffect } from 'react';
import { errorMessage, errorStatusText } from '@koopjesland/shared';
import { useNotify } from '../features/notifications/notifications';

/** What to put in `{statusText}`: the HTTP status text, else (no answer at all) the error's message. */
export function statusTextOf(error: unknown): string {
  return errorStatusText(error) || errorMessage(error, '');
}

/** Requests whose failure was already reported: many cards share one wishlist request. */
const reported = new Set<string>();

/**
 * A red toast once per failed request of a query (`requestId` from RTK Query), however many
 * components read that query.
 */
export function useFailureToast(query: { isError: boolean; requestId?: string }, title: string) {
  const notify = useNotify();
  useEffect(() => {
    if (!query.isError || !query.requestId || reported.has(query.requestId)) return;
    reported.add(query.requestId);
    notify.error({ title });
  }, [query.isError, query.requestId, title, notify]);
}
