/**
 * The storefront's failure texts (docs/product.md §8): the call's own message ('Failed to fetch
 * product details: Not Found') as the title, the API's explanation ('Product not found') beside it.
 * A failure shown as a toast: features/notifications/failure-toast.ts.
 */
import { errorMessage, errorStatusText } from '@koopjesland/shared';

/** What to put in `{statusText}`: the HTTP status text, else (no answer at all) the error's message. */
export function statusTextOf(error: unknown): string {
  return errorStatusText(error) || errorMessage(error, '');
}
