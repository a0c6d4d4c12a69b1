/**
 * The one way an admin page reads a write's result: a green notice with the success text, or a
 * red notice with the failure text and the API's own message. Answers `{ data }` on success and
 * undefined on failure, so a page goes on only when the write went through.
 */
import { useCallback } from 'react';
import { useAdminNotices } from './feedback';

/** What awaiting an RTK Query mutation trigger gives. */
type MutationResult<Data> = { data: Data; error?: undefined } | { data?: undefined; error: unknown };

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && 'message' in error ? String((error as { message: unknown }).message) : undefined;

export function useAdminMutation() {
  const notices = useAdminNotices();
  return useCallback(
    async <Data>(pending: PromiseLike<MutationResult<Data>>, texts: { success?: string; failure: string }): Promise<{ data: Data } | undefined> => {
      const result = await pending;
      if (result.error !== undefined) {
        notices.error(texts.failure, messageOf(result.error));
        return undefined;
      }
      if (texts.success) notices.success(texts.success);
      return { data: result.data as Data };
    },
    [notices],
  );
}
