/**
 * Runs `task` once the browser has nothing else to do (at the latest after `timeoutMs`) and
 * returns its cancel. For an update a server-rendered page makes to itself right after hydrating:
 * an update reaching a part React has not hydrated yet (lib/hydrate-later) makes React hydrate
 * that part at once, or render it anew, in one long task. Idle time comes after those parts.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no idle callbacks: a short delay lets React's hydration slices run first.
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}
