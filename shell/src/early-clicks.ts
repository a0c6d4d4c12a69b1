/**
 * Clicks on a server-rendered page's buttons before React is attached. The page shows (and a
 * visitor on a slow phone taps) well before the scripts have loaded and `hydrateRoot` runs; React
 * answers events itself only from then on, so a tap on the menu or a filter toggle before it did
 * nothing. The entry records such clicks; the bootstrap clicks the same buttons again right after
 * `hydrateRoot`, and React hydrates what was clicked at once and runs its handler.
 *
 * Only buttons that do nothing without scripts are recorded: links and submit buttons the browser
 * follows and submits itself, and a disabled button (per-user parts before hydration) gets no click.
 *
 * Imported by the entry before the federation's async boundary: nothing from `@koopjesland/shared`.
 */
const MAX_RECORDED = 5;

let recorded: HTMLButtonElement[] = [];
let listening = false;

function scriptOnlyButton(target: EventTarget | null): HTMLButtonElement | null {
  if (!(target instanceof Element)) return null;
  const button = target.closest('button');
  if (!button || button.disabled || !button.closest('#root')) return null;
  // A submit button in a form (the header search) works without scripts.
  if (button.type === 'submit' && button.form) return null;
  return button;
}

function record(event: MouseEvent) {
  if (event.button !== 0) return;
  const button = scriptOnlyButton(event.target);
  if (button && recorded.length < MAX_RECORDED) recorded.push(button);
}

/** From the entry, on a server-rendered page: keeps the clicks on script-only buttons until hydration. */
export function recordEarlyClicks(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('click', record, true);
}

/** Right after `hydrateRoot`: clicks again what was clicked, on the buttons still on the page. */
export function replayEarlyClicks(): void {
  const clicks = recorded;
  stopRecording();
  for (const button of clicks) if (button.isConnected && !button.disabled) button.click();
}

/** Stops and forgets (also when the page was rendered anew on the client: the buttons are gone). */
export function stopRecording(): void {
  document.removeEventListener('click', record, true);
  listening = false;
  recorded = [];
}
