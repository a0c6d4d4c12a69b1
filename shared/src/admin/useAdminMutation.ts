/**
 * The one way an admin page reads a write's result: a green notice with the success text, or a
 * red notice with the failure text and the API's own message. Answers `{ data }` on success and
 * undefined on failure, so a page goes on only when the write went through.
 */
import { useCallback } from 'react';
import { useAdminNotices } from './feedback';

/** What awaiting an RTK Query mutation trigger gives. */
export type MutationResult<Data> = { data: Data; error?: undefined } | { data?: undefined; error: unknown };
type SuccessData<Result> = Result extends { data: infer Data; error?: undefined } ? Data : never;

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && 'message' in error ? String((error as { message: unknown }).message) : undefined;

export function useAdminMutation() {
  const notices = useAdminNotices();
  return useCallback(
    // Typed by the whole result, not by its `data`: RTK's failure member (`data?: undefined`) would
    // otherwise widen the data of a success to `Data | undefined`.
    async <Result extends MutationResult<unknown>>(
      pending: PromiseLike<Result>,
      texts: { success?: string; failure: string },
    ): Promise<{ data: SuccessData<Result> } | undefined> => {
      const result = await pending;
      if (result.error !== undefined) {
        notices.error(texts.failure, messageOf(result.error));
        return undefined;
      }
      if (texts.success) notices.success(texts.success);
      return { data: result.data as SuccessData<Result> };
    },
    [notices],
  );
}
