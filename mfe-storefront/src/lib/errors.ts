/** The message to show for a failed call: the API's own message, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
