/**
 * Production build of one front end: `tsx scripts/webpack/build.ts <workspace> [--out-dir <folder>]`.
 * The output goes to `<workspace>/dist` unless `--out-dir` names another folder (a second build of a
 * remote beside the deployed one, the bundle benchmark's variants). The version a remote reports
 * in its mf-manifest.json (`metaData.buildInfo.buildVersion`) is its package.json version, or
 * `MF_BUILD_VERSION` when set (Module Federation's own build-time override).
 */
import { join, resolve } from 'node:path';
import webpack, { type Configuration } from 'webpack';
import { findFrontEnd } from '../../shared/build/front-ends';
import { ROOT_DIR, SERVER_DIST, webpackConfig } from './config';
import { precompress } from './precompress';

/** Front ends with a Node build: the shell and the storefront (admin areas stay client-rendered). */
export function rendersOnServer(workspace: string): boolean {
  const frontEnd = findFrontEnd(workspace);
  return frontEnd.kind === 'host' || frontEnd.mount === 'storefront';
}

/** The browser build (with its precompressed copies), then (shell and storefront) the Node build into `dist/server`. */
export async function build(workspace: string, options: { outDir?: string; shareAntd?: boolean } = {}): Promise<void> {
  await compile(webpackConfig(workspace, { mode: 'production', ...options }));
  precompress(options.outDir ?? join(ROOT_DIR, findFrontEnd(workspace).workspace, 'dist'));
  if (rendersOnServer(workspace) && !options.shareAntd) {
    const outDir = options.outDir ? join(options.outDir, SERVER_DIST) : undefined;
    await compile(webpackConfig(workspace, { mode: 'production', server: true, outDir }));
  }
}

function compile(config: Configuration): Promise<void> {
  const compiler = webpack(config);
  return new Promise((resolvePromise, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      if (stats?.hasWarnings()) console.warn(stats.toString('errors-warnings'));
      resolvePromise();
    });
  });
}

/** `<workspace> [--out-dir <folder>]` (also `--out-dir=<folder>`). */
export function parseBuildArguments(args: readonly string[]): { workspace?: string; outDir?: string } {
  let workspace: string | undefined;
  let outDir: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--out-dir') outDir = args[++index];
    else if (arg.startsWith('--out-dir=')) outDir = arg.slice('--out-dir='.length);
    else workspace ??= arg;
  }
  return { workspace, outDir: outDir ? resolve(outDir) : undefined };
}

if (require.main === module) {
  const { workspace, outDir } = parseBuildArguments(process.argv.slice(2));
  if (!workspace) {
    console.error('usage: tsx scripts/webpack/build.ts <workspace> [--out-dir <folder>]');
    process.exit(2);
  }
  const started = Date.now();
  build(workspace, { outDir }).then(
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
