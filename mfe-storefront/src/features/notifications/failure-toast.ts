/** A failed query reported as a toast once, however many components read it (docs/product.md §8). */
import { useEffect } from 'react';
import { useNotify } from './notifications';

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
