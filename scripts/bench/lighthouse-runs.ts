/**
 * What the Lighthouse benchmarks share: `npm start` in a data folder of its own, waiting for the
 * image copier, and one page measured a few times with the system Chromium (median of the runs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type * as ChromeLauncher from 'chrome-launcher';

export const ROOT = path.resolve(__dirname, '..', '..');
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export interface Measurement {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
  /** Bytes the page transferred for images. */
  imageBytes: number;
}

/** `npm start` (embedded database with the demo data) on `port`, answered once the demo catalogue is there. */
export async function startAppServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
  });
  const baseUrl = `http://localhost:${port}`;
  for (let attempt = 0; attempt < 1200; attempt++) {
    try {
      const ready = await fetch(`${baseUrl}/api/ready`);
      const products = ready.ok ? ((await (await fetch(`${baseUrl}/api/products?limit=1`)).json()) as { products: unknown[] }) : undefined;
      if (products && products.products.length > 0) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('npm start did not become ready with demo data');
}

/** Stops a server `startAppServer` started and removes its data folder. */
export async function stopAppServer(server: ChildProcess, dataDir: string): Promise<void> {
  process.kill(-server.pid!, 'SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Waits until the image copier has no work left (`image_copies` in /metrics): a fresh demo's
 * drawings are copied in the background after start, and that work would share the CPU with the
 * page loads Lighthouse times. A server whose /metrics does not answer is measured as it is.
 */
export async function imageCopiesDone(baseUrl: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const metrics = await fetch(`${baseUrl}/metrics`).then((response) => (response.ok ? response.text() : null)).catch(() => null);
    if (metrics === null) return;
    const waiting = [...metrics.matchAll(/^image_copies\{status="(?:pending|fetching)"\} (\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
    if (waiting === 0) return;
    if (Date.now() - started > 15 * 60_000) throw new Error(`The image copier still has ${waiting} images to copy after 15 minutes`);
    process.stdout.write(`\rWaiting for the image copier: ${waiting} images to go…   `);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

export function launchChrome(): Promise<ChromeLauncher.LaunchedChrome> {
  return import('chrome-launcher').then((launcher) => launcher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS }));
}

/**
 * `runs` Lighthouse runs of `url` with the mobile or desktop preset; each report is written to
 * `reportPath(run)`. Chromium sometimes loses a navigation's trace (NO_NAVSTART): that run measured
 * nothing, and its zero score would decide a median of three, so it is measured again (twice at most).
 */
export async function measurePage(
  chrome: ChromeLauncher.LaunchedChrome,
  url: string,
  preset: 'mobile' | 'desktop',
  runs: number,
  reportPath: (run: number) => string,
): Promise<Measurement[]> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const measurements: Measurement[] = [];
  for (let run = 0; run < runs; run++) {
    const measure = async () =>
      (await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'] },
        preset === 'desktop' ? desktopConfig : undefined,
      ))!.lhr;
    let lhr = await measure();
    for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
      console.log(`  (${url} ${preset} run ${run + 1}: ${lhr.runtimeError.code}; measured again)`);
      lhr = await measure();
    }
    if (lhr.runtimeError) throw new Error(`${url} ${preset}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    fs.mkdirSync(path.dirname(reportPath(run + 1)), { recursive: true });
    fs.writeFileSync(reportPath(run + 1), JSON.stringify(lhr));
    const resourceSummary = lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined;
    measurements.push({
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
      bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      imageBytes: resourceSummary?.items?.find((item) => item.resourceType === 'image')?.transferSize ?? NaN,
    });
  }
  return measurements;
}
