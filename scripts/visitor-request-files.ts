/**
 * Which of the project's source files one visitor request runs: renders a visitor page through the
 * API in this process (shell/src/server-rendering/plugin.ts with the real Node builds of the shell
 * and the storefront, the storefront's container fetched over HTTP from this server as in
 * `npm start`) on a test database holding the test catalogue, and lists the files with a function
 * that ran during that request, grouped by what they do. Tests, test harnesses, scripts and node_modules are left out.
 *
 * How: V8's precise coverage (call counts, through the inspector). A first request for another
 * product loads every module and chunk; its counts are discarded, so module loading is not counted,
 * only the code the measured request runs. The measured page misses the rendered-page cache (another
 * address) and the product's own API answers miss the response cache. Code of the Node builds is
 * mapped back to its source files through their source maps, so the builds must have them:
 * `npm run build -w shell && npm run build -w mfe-storefront` (`npm start` builds without).
 *
 *   npx tsx scripts/visitor-request-files.ts                 # a product page
 *   npx tsx scripts/visitor-request-files.ts --page home     # home | product | category | search
 *   npx tsx scripts/visitor-request-files.ts --port 8342 --json
 *
 * The server listens on --port (default 8342) on 127.0.0.1 while it runs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import frontEnds from '../shell/src/server-rendering/plugin';
import { seedCatalogue } from '../api/test/catalogue';
import { openTestDatabase } from '../api/test/helpers';
import { FRONT_ENDS, REMOTES } from '../shared/build/front-ends';

const ROOT = path.resolve(__dirname, '..');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

/** The two addresses of a page kind: one to load every module with, one to measure. */
function pages(kind: string, data: Awaited<ReturnType<typeof seedCatalogue>>): { warm: string; measured: string } {
  const { bosch, miele } = data.products;
  switch (kind) {
    case 'home':
      return { warm: '/?warm=1', measured: '/' };
    case 'category':
      return { warm: `/${data.categories.drogers.slug}`, measured: `/${data.categories.wasmachines.slug}` };
    case 'search':
      return { warm: '/search?q=droger', measured: '/search?q=wasmachine' };
    case 'product':
      return { warm: `/product/${miele.slug}/${miele.id}`, measured: `/product/${bosch.slug}/${bosch.id}` };
    default:
      throw new Error(`--page ${kind}: home, product, category or search`);
  }
}

/** A file of the project that is not a test, a test harness, a script or a dependency; else null. */
function projectFile(file: string): string | null {
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  if (/(^|\/)(node_modules|dist|test|testing|scripts)\//.test(relative) || /^scripts\//.test(relative)) return null;
  if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(relative) || !/\.[cm]?[jt]sx?$/.test(relative)) return null;
  return relative;
}

/** The local file of a script the Node builds' runtime evaluated (a path, or a URL on this server). */
function localBuildFile(url: string): string | null {
  if (url.startsWith('file://')) return new URL(url).pathname;
  if (url.startsWith('/')) return url;
  if (!/^https?:\/\//.test(url)) return null;
  const { pathname } = new URL(url);
  const remote = REMOTES.find((candidate) => pathname.startsWith(`/remotes/${candidate.servedAs}/`));
  if (!remote) return null;
  return path.join(ROOT, remote.workspace, 'dist', pathname.slice(`/remotes/${remote.servedAs}/`.length));
}

/**
 * The storefront's container and chunks, which the federation runtime fetches over HTTP and
 * evaluates with `eval`, without a file name: found by the source map comment at their end.
 */
function containerFile(scriptSource: string): string | null {
  // The last such comment is the file's own (a bundled package may keep its own inside).
  const name = [...scriptSource.matchAll(/\/\/# sourceMappingURL=(\S+)\.map/g)].at(-1)?.[1];
  if (!name) return null;
  const file = path.join(ROOT, 'mfe-storefront', 'dist', 'server', path.basename(name));
  return fs.existsSync(file) ? file : null;
}

/** `webpack://<name>/./src/x.ts` → the file it names, from the workspace the build belongs to. */
function sourceOf(source: string, buildFile: string): string | null {
  const workspace = FRONT_ENDS.find((frontEnd) => buildFile.startsWith(path.join(ROOT, frontEnd.workspace, 'dist') + path.sep));
  if (!workspace) return null;
  const stripped = source.replace(/^webpack:\/\/[^/]*\//, '');
  if (stripped.startsWith('webpack/') || stripped.includes('(webpack)')) return null;
  return path.resolve(ROOT, workspace.workspace, stripped.replace(/[?|].*$/, ''));
}

/** 0-based line and column of every offset in `text`. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

function position(starts: number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low, column: offset - starts[low]! };
}

/** What a file does for the request, by where it lives. */
function groupOf(file: string): string {
  if (/^shell\/src\/server-rendering\//.test(file) || file === 'mfe-storefront/src/ssr.ts') {
    return "server rendering (shell/src/server-rendering, the storefront's ./ssr)";
  }
  if (
    /^shared\/src\/(ssr|routing)\//.test(file) ||
    /^mfe-storefront\/src\/(pages|StorefrontProviders|routes)\.tsx?$/.test(file) ||
    /^api\/src\/features\/site-configuration\/page-origin\.ts$/.test(file)
  ) {
    return 'read by the render, owned by others (pages, page context, route patterns, page origin)';
  }
  if (file.startsWith('api/')) return 'API (hooks, data routes, repositories)';
  return 'page (components, stores, API client, texts)';
}

async function main() {
  const kind = option('page', 'product');
  const port = Number(option('port', '8342'));
  const shellBuild = path.join(ROOT, 'shell', 'dist', 'server', 'server.js');
  const storefrontBuild = path.join(ROOT, 'mfe-storefront', 'dist', 'server', 'remoteEntry.js');
  for (const file of [shellBuild, storefrontBuild]) {
    if (!fs.existsSync(file) || !fs.existsSync(`${file}.map`)) {
      throw new Error(`${path.relative(ROOT, file)} or its source map is missing: npm run build -w shell && npm run build -w mfe-storefront`);
    }
  }

  const { database, dispose } = await openTestDatabase();
  const data = await seedCatalogue(database.db);
  const app = await buildApp({
    config: loadConfig({
      databaseUrl: undefined,
      dataDir: path.join(os.tmpdir(), `koopjesland-request-files-${crypto.randomBytes(4).toString('hex')}`),
      jwtSecret: crypto.randomBytes(32).toString('hex'),
      runScheduler: false,
      publicUrl: `http://127.0.0.1:${port}`,
      trustProxy: false,
      remoteManifestUrls: {},
      logLevel: 'warn',
    }),
    database,
  });
  // A generous budget: on a busy machine a render over 300 ms would measure the client-rendered fallback.
  await app.register(frontEnds, { root: ROOT, serverRendering: { enabled: true, budgetMs: 60_000, remoteTtlMs: 60_000 } });
  await app.listen({ port, host: '127.0.0.1' });

  const session = new Session();
  session.connect();
  const scripts = new Map<string, string>();
  session.on('Debugger.scriptParsed', ({ params }) => scripts.set(params.scriptId, params.url));
  await session.post('Debugger.enable');
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

  const { warm, measured } = pages(kind, data);
  const ask = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-language': 'nl' } });
    if (!response.body.includes('id="kl-state"')) throw new Error(`${url} was not rendered on the server (${response.statusCode})`);
    return response;
  };
  await ask(warm);
  // Taking the coverage resets the counts: what follows is the measured request alone.
  await session.post('Profiler.takePreciseCoverage');
  const response = await ask(measured);
  const { result } = await session.post('Profiler.takePreciseCoverage');
  await session.post('Profiler.stopPreciseCoverage');

  const files = new Set<string>();
  for (const script of result) {
    const ran = script.functions.filter((fn) => (fn.ranges[0]?.count ?? 0) > 0);
    if (!ran.length) continue;
    const url = script.url || scripts.get(script.scriptId) || '';
    const direct = url.startsWith('file://') ? new URL(url).pathname : url;
    const own = projectFile(direct);
    if (own) {
      files.add(own);
      continue;
    }
    const { scriptSource } = await session.post('Debugger.getScriptSource', { scriptId: script.scriptId });
    const buildFile = localBuildFile(url) ?? containerFile(scriptSource);
    if (!buildFile || !fs.existsSync(`${buildFile}.map`)) continue;
    // The runtime may wrap the file's text in a function: positions count from where the file starts.
    const fileText = fs.readFileSync(buildFile, 'utf8');
    const shift = scriptSource.indexOf(fileText.slice(0, 200));
    if (shift < 0) continue;
    const map = new SourceMap(JSON.parse(fs.readFileSync(`${buildFile}.map`, 'utf8')));
    const starts = lineStarts(fileText);
    for (const fn of ran) {
      const { line, column } = position(starts, fn.ranges[0]!.startOffset - shift);
      const entry = map.findEntry(line, column) as { originalSource?: string };
      const source = entry.originalSource && sourceOf(entry.originalSource, buildFile);
      const file = source && projectFile(source);
      if (file) files.add(file);
    }
  }
  session.disconnect();
  await app.close();
  await dispose();

  const listed = [...files].sort();
  const groups = new Map<string, string[]>();
  for (const file of listed) groups.set(groupOf(file), [...(groups.get(groupOf(file)) ?? []), file]);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ url: measured, status: response.statusCode, total: listed.length, groups: Object.fromEntries(groups) }, null, 2));
    return;
  }
  console.log(`GET ${measured} (${response.statusCode}, server-rendered): ${listed.length} project files ran`);
  for (const [group, members] of groups) {
    console.log(`\n${group}: ${members.length}`);
    for (const file of members) console.log(`  ${file}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
