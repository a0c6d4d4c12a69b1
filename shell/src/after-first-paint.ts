/**
 * Resolves once the browser has painted a server-rendered page, so its scripts start after it.
 * Evaluating React and hydrating are the page's longest tasks; when they ran ahead of the first
 * frame (whenever the scripts arrived quickly) the page appeared only after them, which delays
 * the largest paint on a slow phone. A hidden tab paints no frames,
 * and a client-rendered page shows nothing until its scripts run: both start at once.
 *
 * Imported by the entry before the federation's async boundary, so nothing from
 * `@koopjesland/shared` here: `kl-state` is its PAGE_STATE_ELEMENT_ID.
 */
export function afterFirstPaint(): Promise<void> {
  if (!isServerRenderedPage() || document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => resolve(nextTask())));
}

/** Resolves in a task of its own, after what is already queued. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The server rendered this page (it embedded the page's state for the hydration). */
export function isServerRenderedPage(): boolean {
  return document.getElementById('kl-state') !== null;
}
