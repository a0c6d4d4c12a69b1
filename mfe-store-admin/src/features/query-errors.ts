import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiQueryError } from '@koopjesland/shared/rtk-query';

/** The HTTP status of a failed query or mutation (0: no answer; undefined: no HTTP error). */
export function statusOf(error: ApiQueryError | SerializedError | undefined): number | undefined {
  return error && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}
