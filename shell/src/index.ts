// The shell's stylesheet is in the entry, so the HTML links it in <head>: a server-rendered page is
// styled at first paint, not after the bootstrap chunk has run.
import '@koopjesland/shared/fonts.css';
import './ui/shell.css';
import { afterFirstPaint } from './after-first-paint';

// Async boundary: the federation runtime settles shared singletons before bootstrap runs.
void afterFirstPaint().then(() => import('./bootstrap'));
