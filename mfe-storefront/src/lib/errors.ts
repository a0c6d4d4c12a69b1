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

/** The HTTP status of a failed call (0 when no response arrived or the error has none). */
export function errorStatus(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error as { status: unknown };
    if (typeof status === 'number') return status;
  }
  return 0;
}
