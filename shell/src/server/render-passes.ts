/**
 * The server render's passes (render.tsx): render, await the requests the render started, render
 * again with their answers, until a pass starts none and none was answered while it rendered. The
 * storefront's page loader usually has every answer in the stores before the first pass, which
 * then is the only one; the passes are what make a page the loader does not know right anyway.
 */
import type { ServerStoreHandle } from '@koopjesland/shared';

/** React's markers of a Suspense boundary completed after the shell (sent with an inline script). */
const LATE_BOUNDARY = /<template id="B:|\$RC\(/;

export async function renderInPasses({
  renderPass,
  stores,
  maxPasses,
  signal,
}: {
  /** One render of the page: its markup. */
  renderPass(): Promise<string>;
  /** The page's stores (made by the first pass's render). */
  stores(): ServerStoreHandle[];
  maxPasses: number;
  signal?: AbortSignal;
}): Promise<string> {
  const answered = () =>
    stores()
      .map((store) => store.answered?.() ?? '')
      .join('\n');
  let markup = '';
  let frozen = false;
  for (let pass = 1; ; pass += 1) {
    // A failed request (unknown product) is not asked again: the pass shows the failure.
    if (!frozen && stores().some((store) => store.failed?.())) {
      frozen = true;
      for (const store of stores()) store.freeze?.();
    }
    const answeredBefore = answered();
    markup = await renderPass();
    signal?.throwIfAborted();
    // A boundary sent late would need an inline script, which the CSP forbids: render again until none is.
    const complete = !LATE_BOUNDARY.test(markup);
    const running = frozen ? [] : stores().flatMap((store) => store.running());
    // A request answered while this pass rendered (one started and finished in it, while a part of
    // the page waited for its code) may be missing from the markup though the state has it: the
    // browser would hydrate that part from other data. Render again until the answers hold still.
    const settled = running.length === 0 && answered() === answeredBefore;
    if (complete && settled) return markup;
    if (pass === maxPasses) return markup;
    await Promise.allSettled(running);
    signal?.throwIfAborted();
  }
}
