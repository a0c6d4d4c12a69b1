import { useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined; refreshing?: false }
  | { status: 'error'; data?: undefined; error: Error; refreshing?: false }
  | { status: 'success'; data: T; error?: undefined; refreshing: boolean };

export interface AsyncOptions {
  /**
   * Reloads within the same scope (e.g. a category slug while its filters or sort change) keep
   * the last data on screen with `refreshing: true` instead of going back to `loading`, so the
   * page is not replaced by a spinner and its children (filter panel, head) are not remounted.
   * A new scope starts from `loading`.
   */
  scope?: string;
}

/**
 * Runs `load` whenever `key` changes and tracks loading, error and data. A newer run wins:
 * results of an outdated run are dropped. `load` receives an AbortSignal.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, key: string, { scope }: AsyncOptions = {}) {
  const [state, setState] = useState<{ value: AsyncState<T>; scope?: string }>({ value: { status: 'loading' } });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) =>
      scope !== undefined && previous.scope === scope && previous.value.status === 'success'
        ? { scope, value: { ...previous.value, refreshing: true } }
        : { scope, value: { status: 'loading' } },
    );
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ scope, value: { status: 'success', data, refreshing: false } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState({ scope, value: { status: 'error', error: error instanceof Error ? error : new Error(String(error)) } });
        }
      },
    );
    return () => controller.abort();
    // `load` is keyed by `key` on purpose: callers pass an inline function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback(
    (data: T) => setState((previous) => ({ scope: previous.scope, value: { status: 'success', data, refreshing: false } })),
    [],
  );
  return { ...state.value, reload, setData };
}
