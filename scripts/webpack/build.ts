/**
 * Production build of one front end: `tsx scripts/webpack/build.ts <workspace> [--out-dir <folder>] [--no-source-maps]`.
 * The output goes to `<workspace>/dist` unless `--out-dir` names another folder (a second build of a
 * remote beside the deployed one, the bundle benchmark's variants). The version a remote reports
 * in its mf-manifest.json (`metaData.buildInfo.buildVersion`) is its package.json version, or
 * `MF_BUILD_VERSION` when set (Module Federation's own build-time override).
 */
import { join, resolve } from 'node:path';
import webpack, { type Configuration } from 'webpack';
import { findFrontEnd } from '../../shared/build/front-ends';
import { ROOT_DIR, SERVER_DIST, webpackConfig } from './config';
import { uncoveredBuildFiles } from './inputs';
import { precompress } from './precompress';

/** Front ends with a Node build: the shell and the storefront (admin areas stay client-rendered). */
export function rendersOnServer(workspace: string): boolean {
  const frontEnd = findFrontEnd(workspace);
  return frontEnd.kind === 'host' || frontEnd.mount === 'storefront';
}

/**
 * The browser build, then its precompressed copies, made on the thread pool while (shell and
 * storefront) the Node build runs into `dist/server`.
 */
export async function build(
  workspace: string,
  options: { outDir?: string; shareAntd?: boolean; sourceMaps?: boolean } = {},
): Promise<void> {
  await compile(workspace, webpackConfig(workspace, { mode: 'production', ...options }));
  // Copies are reused across builds into the workspace's own dist only (as webpack's cache, config.ts).
  const cacheDir = options.outDir ? undefined : join(ROOT_DIR, 'node_modules', '.cache', 'precompress', workspace);
  const compressed = precompress(options.outDir ?? join(ROOT_DIR, findFrontEnd(workspace).workspace, 'dist'), cacheDir);
  compressed.catch(() => undefined); // awaited below; a failure during the Node build is no unhandled rejection
  try {
    if (rendersOnServer(workspace) && !options.shareAntd) {
      const outDir = options.outDir ? join(options.outDir, SERVER_DIST) : undefined;
      await compile(workspace, webpackConfig(workspace, { mode: 'production', server: true, outDir, sourceMaps: options.sourceMaps ?? true }));
    }
  } finally {
    await compressed;
  }
}

function compile(workspace: string, config: Configuration): Promise<void> {
  const compiler = webpack(config);
  return new Promise((resolvePromise, reject) => {
    compiler.run((error, stats) => {
      // Closing stores the persistent cache: wait for it, so the process ends with it complete.
      compiler.close((closeError) => {
        if (error) return reject(error);
        if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
        if (stats?.hasWarnings()) console.warn(stats.toString('errors-warnings'));
        if (closeError) return reject(closeError);
        const uncovered = stats ? uncoveredBuildFiles(workspace, stats.compilation.fileDependencies) : [];
        if (uncovered.length) {
          console.warn(`${workspace}: the build read files npm start's staleness check does not cover (scripts/webpack/inputs.ts): ${uncovered.join(', ')}`);
        }
        resolvePromise();
      });
    });
  });
}

/** `<workspace> [--out-dir <folder>] [--no-source-maps]` (also `--out-dir=<folder>`). */
export function parseBuildArguments(args: readonly string[]): { workspace?: string; outDir?: string; sourceMaps: boolean } {
  let workspace: string | undefined;
  let outDir: string | undefined;
  let sourceMaps = true;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--out-dir') outDir = args[++index];
    else if (arg.startsWith('--out-dir=')) outDir = arg.slice('--out-dir='.length);
    else if (arg === '--no-source-maps') sourceMaps = false;
    else workspace ??= arg;
  }
  return { workspace, outDir: outDir ? resolve(outDir) : undefined, sourceMaps };
}

if (require.main === module) {
  const { workspace, outDir, sourceMaps } = parseBuildArguments(process.argv.slice(2));
  if (!workspace) {
    console.error('usage: tsx scripts/webpack/build.ts <workspace> [--out-dir <folder>] [--no-source-maps]');
    process.exit(2);
  }
  const started = Date.now();
  build(workspace, { outDir, sourceMaps }).then(
    () =>
      console.log(
        `${workspace}: built in ${((Date.now() - started) / 1000).toFixed(1)} s${outDir ? ` into ${outDir}` : ''}`,
      ),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
