// The shell's stylesheet is in the entry, so the HTML links it in <head>: a server-rendered page is
// styled at first paint, not after the bootstrap chunk has run.
import '@koopjesland/shared/fonts.css';
import './ui/shell.css';
import { afterFirstPaint, isServerRenderedPage } from './after-first-paint';
import { recordEarlyClicks } from './early-clicks';

// A server-rendered page shows before its scripts: what is clicked meanwhile is clicked again after hydration.
if (isServerRenderedPage()) recordEarlyClicks();
// Async boundary: the federation runtime settles shared singletons before bootstrap runs.
void afterFirstPaint().then(() => import('./bootstrap'));
