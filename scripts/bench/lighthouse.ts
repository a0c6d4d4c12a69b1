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
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { visitorPagesToMeasure } from './visitor-pages';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const RUNS = option('runs', 3);
const presetIndex = args.indexOf('--preset');
const PRESETS = presetIndex >= 0 ? [args[presetIndex + 1] as 'mobile' | 'desktop'] : (['mobile', 'desktop'] as const);
const PORT = option('port', 8295);
const ROOT = path.resolve(__dirname, '..', '..');
const baseUrlIndex = args.indexOf('--base-url');
const EXTERNAL_BASE_URL = baseUrlIndex >= 0 ? args[baseUrlIndex + 1] : undefined;
const BASE_URL = EXTERNAL_BASE_URL ?? `http://localhost:${PORT}`;
const REPORTS_DIR = path.join(ROOT, 'scripts', 'bench', '.cache', 'lighthouse');
const DATA_DIR = path.join(os.tmpdir(), `koopjesland-lighthouse-${PORT}`);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

interface Measurement {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  for (let attempt = 0; attempt < 1200; attempt++) {
    try {
      const ready = await fetch(`${BASE_URL}/api/ready`);
      const products = ready.ok ? ((await (await fetch(`${BASE_URL}/api/products?limit=1`)).json()) as { products: unknown[] }) : undefined;
      if (products && products.products.length > 0) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('npm start did not become ready with demo data');
}

/**
 * Waits until the image copier has no work left (`image_copies` in /metrics): a fresh demo's
 * drawings are copied in the background after start, and that work would share the CPU with the
 * page loads Lighthouse times. A server whose /metrics does not answer is measured as it is.
 */
async function imageCopiesDone(): Promise<void> {
  const started = Date.now();
  for (;;) {
    const metrics = await fetch(`${BASE_URL}/metrics`).then((response) => (response.ok ? response.text() : null)).catch(() => null);
    if (metrics === null) return;
    const waiting = [...metrics.matchAll(/^image_copies\{status="(?:pending|fetching)"\} (\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
    if (waiting === 0) return;
    if (Date.now() - started > 15 * 60_000) throw new Error(`The image copier still has ${waiting} images to copy after 15 minutes`);
    process.stdout.write(`\rWaiting for the image copier: ${waiting} images to go…   `);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main(): Promise<void> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  fs.mkdirSync(REPORTS_DIR, { recursive: true });
  let server: ChildProcess | null = null;
  if (!EXTERNAL_BASE_URL) {
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
    console.log(`Starting npm start on ${BASE_URL} (demo data in ${DATA_DIR})…`);
    server = await startServer();
  }
  await imageCopiesDone();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const pages = await visitorPagesToMeasure(BASE_URL);
    console.log(`\n${'page'.padEnd(10)}${'preset'.padEnd(9)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'SEO'.padStart(6)}${'BP'.padStart(6)}${'LCP ms'.padStart(9)}${'TBT ms'.padStart(9)}${'CLS'.padStart(7)}${'bench'.padStart(7)}  (median of ${RUNS})`);
    for (const page of pages) {
      for (const preset of PRESETS) {
        const runs: Measurement[] = [];
        for (let run = 0; run < RUNS; run++) {
          const measure = async () =>
            (await lighthouse(
              BASE_URL + page.path,
              { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'] },
              preset === 'desktop' ? desktopConfig : undefined,
            ))!.lhr;
          let lhr = await measure();
          // Chromium sometimes loses the navigation's trace (NO_NAVSTART): that run measured nothing,
          // and its zero score would decide a median of three. Measured again, at most twice.
          for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
            console.log(`  (${page.name} ${preset} run ${run + 1}: ${lhr.runtimeError.code}; measured again)`);
            lhr = await measure();
          }
          if (lhr.runtimeError) throw new Error(`${page.name} ${preset}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          fs.writeFileSync(path.join(REPORTS_DIR, `${page.name}-${preset}-${run + 1}.json`), JSON.stringify(lhr));
          runs.push({
            performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
            seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
            bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
            lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
            tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
            cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
            benchmarkIndex: lhr.environment.benchmarkIndex,
          });
        }
        const m = (key: keyof Measurement) => median(runs.map((run) => run[key]));
        console.log(
          `${page.name.padEnd(10)}${preset.padEnd(9)}${String(m('performance')).padStart(6)}${String(m('accessibility')).padStart(6)}${String(m('seo')).padStart(6)}` +
            `${String(m('bestPractices')).padStart(6)}${m('lcpMs').toFixed(0).padStart(9)}${m('tbtMs').toFixed(0).padStart(9)}${m('cls').toFixed(3).padStart(7)}${m('benchmarkIndex').toFixed(0).padStart(7)}`,
        );
      }
    }
  } finally {
    chrome.kill();
    if (server) {
      const running = server;
      process.kill(-running.pid!, 'SIGTERM');
      await new Promise((resolve) => running.once('exit', resolve));
      fs.rmSync(DATA_DIR, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
