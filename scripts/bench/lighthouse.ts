/**
 * Lighthouse scores of the visitor pages: starts `npm start` (embedded database with the demo
 * data, in a data folder of its own) and runs the `lighthouse` package with the system Chromium
 * (CHROME_PATH, default /usr/bin/chromium) on `/`, a category page, a product page and a search
 * page (once the image copier has copied the demo's drawings), with the mobile and the desktop
 * preset, three runs each, and prints the median of
 * performance, accessibility, SEO and best practices with LCP, TBT and CLS.
 *
 *   npm run bench:lighthouse
 *   npm run bench:lighthouse -- --runs 1 --port 8295
 *   npm run bench:lighthouse -- --base-url http://localhost:8080   (a server already running)
 *   npm run bench:lighthouse -- --preset mobile                    (one preset only)
 *
 * "bench" is Lighthouse's benchmark index of the machine during the runs (median): a busy machine
 * scores lower, so scores are compared at a similar index.
 *
 * Each run's full report is kept in scripts/bench/.cache/lighthouse/ (`<page>-<preset>-<run>.json`)
 * for the diagnostics behind a score.
 */
import os from 'node:os';
import path from 'node:path';
import { benchOption } from './cli';
import { imageCopiesDone, launchChrome, measurePage, ROOT, startAppServer, stopAppServer, type Measurement } from './lighthouse-runs';
import { median } from './statistics';
import { visitorPagesToMeasure } from './visitor-pages';

const RUNS = Number(benchOption('runs') ?? 3);
const PRESET = benchOption('preset') as 'mobile' | 'desktop' | undefined;
const PRESETS = PRESET ? [PRESET] : (['mobile', 'desktop'] as const);
const PORT = Number(benchOption('port') ?? 8295);
const EXTERNAL_BASE_URL = benchOption('base-url');
const BASE_URL = EXTERNAL_BASE_URL ?? `http://localhost:${PORT}`;
const REPORTS_DIR = path.join(ROOT, 'scripts', 'bench', '.cache', 'lighthouse');
const DATA_DIR = path.join(os.tmpdir(), `koopjesland-lighthouse-${PORT}`);

async function main(): Promise<void> {
  let server: Awaited<ReturnType<typeof startAppServer>> | null = null;
  if (!EXTERNAL_BASE_URL) {
    console.log(`Starting npm start on ${BASE_URL} (demo data in ${DATA_DIR})…`);
    server = await startAppServer(PORT, DATA_DIR);
  }
  await imageCopiesDone(BASE_URL);
  const chrome = await launchChrome();
  try {
    const pages = await visitorPagesToMeasure(BASE_URL);
    console.log(`\n${'page'.padEnd(10)}${'preset'.padEnd(9)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'SEO'.padStart(6)}${'BP'.padStart(6)}${'LCP ms'.padStart(9)}${'TBT ms'.padStart(9)}${'CLS'.padStart(7)}${'bench'.padStart(7)}  (median of ${RUNS})`);
    for (const page of pages) {
      for (const preset of PRESETS) {
        const runs = await measurePage(chrome, BASE_URL + page.path, preset, RUNS, (run) => path.join(REPORTS_DIR, `${page.name}-${preset}-${run}.json`));
        const m = (key: keyof Measurement) => median(runs.map((run) => run[key]));
        console.log(
          `${page.name.padEnd(10)}${preset.padEnd(9)}${String(m('performance')).padStart(6)}${String(m('accessibility')).padStart(6)}${String(m('seo')).padStart(6)}` +
            `${String(m('bestPractices')).padStart(6)}${m('lcpMs').toFixed(0).padStart(9)}${m('tbtMs').toFixed(0).padStart(9)}${m('cls').toFixed(3).padStart(7)}${m('benchmarkIndex').toFixed(0).padStart(7)}`,
        );
      }
    }
  } finally {
    chrome.kill();
    if (server) await stopAppServer(server, DATA_DIR);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
