// The shell's stylesheet is in the entry, so the HTML links it in <head>: a server-rendered page is
// styled at first paint, not after the bootstrap chunk has run.
import '@koopjesland/shared/fonts.css';
import './ui/shell.css';
import { afterFirstPaint, isServerRenderedPage, nextTask } from './after-first-paint';
import { recordEarlyClicks } from './early-clicks';

// A server-rendered page shows before its scripts: what is clicked meanwhile is clicked again after hydration.
if (isServerRenderedPage()) recordEarlyClicks();
// Async boundary: the federation runtime settles shared singletons before bootstrap runs.
void afterFirstPaint().then(async () => {
  // The largest libraries are asked for on their own as well: each is then evaluated as its files
  // arrive, in a task of its own, instead of all together with the app in one long task. A failed
  // load is the bootstrap's to report (it needs the same files). Each request resolves its shared
  // modules' versions first, so each starts in a task of its own too.
  import('react-dom/client').catch(() => undefined);
  await nextTask();
  import('@koopjesland/shared').catch(() => undefined);
  await nextTask();
  // No Intl number or date format before the first input: the first one loads ICU's data, a long
  // task on a phone, and the money and date formatters write their notations without it.
  return import('./bootstrap');
});
