/** Error raised by every API call; `message` follows docs/product.md §8 exactly. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details?: string,
    /** The HTTP status text ('Not Found'), for the screens that name it (docs/product.md §8 "Specific"). */
    readonly statusText = '',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  error?: unknown;
  details?: unknown;
}

/**
 * General API calls (docs/product.md §8): the response's error field, with ': ' plus details when
 * present; if the body cannot be read, the status text, else 'HTTP error! status: {code}'.
 */
export async function generalErrorMessage(response: Response): Promise<string> {
  const fallback = response.statusText || `HTTP error! status: ${response.status}`;
  let body: ErrorBody;
  try {
    body = (await response.clone().json()) as ErrorBody;
  } catch {
    return fallback;
  }
  if (typeof body?.error !== 'string' || !body.error) return `HTTP error! status: ${response.status}`;
  return typeof body.details === 'string' && body.details ? `${body.error}: ${body.details}` : body.error;
}

/** Auth calls (docs/product.md §8): the response's error field, else 'HTTP error! status: {code}'. */
export async function authErrorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.clone().json()) as ErrorBody;
    if (typeof body?.error === 'string' && body.error) return body.error;
  } catch {
    // fall through to the status
  }
  return `HTTP error! status: ${response.status}`;
}

/**
 * The message to show for a failed call: the API's own message (an `Error`, or the data layer's
 * `{ status, message }`), else the screen's fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/** The HTTP status text of a failed call ('Not Found'), else its status as 'HTTP 404', else ''. */
export function errorStatusText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const { statusText, status } = error as { statusText?: unknown; status?: unknown };
  if (typeof statusText === 'string' && statusText) return statusText;
  return typeof status === 'number' && status > 0 ? `HTTP ${status}` : '';
}

/** The HTTP status of a failed call (0 when no response arrived or the error has none). */
export function errorStatus(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error as { status: unknown };
    if (typeof status === 'number') return status;
  }
  return 0;
}
