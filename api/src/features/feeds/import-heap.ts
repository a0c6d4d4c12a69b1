/**
 * V8 settings for a process whose work is importing feeds (`npm run worker`). A run reads a
 * stream of records that each die a batch later, while the process keeps a small heap of its
 * own. V8's defaults suit the opposite: objects from an allocation site that survived a few young
 * collections are allocated in the old generation from then on (pretenuring), and the old
 * generation may grow to four times what is live before a full collection. Together they let
 * an import's garbage take a few hundred megabytes. Set before any run, at the process's start.
 */
import v8 from 'node:v8';

/** The old generation may grow by half of what is live before a full collection. */
const HEAP_GROWING_PERCENT = 50;

export function tuneHeapForImports(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
