/**
 * The one webpack configuration builder for every front end (shell and remotes).
 * Entry `src/index.ts` only does `import('./bootstrap')`: that async boundary lets the
 * Module Federation runtime settle shared singletons before any React code runs.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { EsbuildPlugin } from 'esbuild-loader';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { CompileHintsPlugin } from './compile-hints';
import { PreloadFontsPlugin } from './preload-fonts';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { NormalModuleReplacementPlugin, type Configuration } from 'webpack';
import { sharedMap, type SharedConfig } from '../../shared/build/federation';
import { findFrontEnd } from '../../shared/build/front-ends';

export const ROOT_DIR = resolve(__dirname, '..', '..');

export interface BuildOptions {
  mode: 'production' | 'development';
  /** Output folder (default `<workspace>/dist`). */
  outDir?: string;
  /** Measurement variant: share antd whole as a singleton instead of bundling parts per front end. */
  shareAntd?: boolean;
  /** Production browser build: source maps beside the scripts (default), or none (`npm start`, scripts/build.ts). */
  sourceMaps?: boolean;
  /**
   * The Node build (`<workspace>/dist/server`) for server rendering: the shell's `server.js` (a
   * CommonJS module exporting `renderPage`) or a remote's Node container (`remoteEntry.js`,
   * loaded over HTTP by @module-federation/node's runtime plugin). Same shared map and versions
   * as the browser build; CSS is left out (the browser build's stylesheets style the page).
   */
  server?: boolean;
}

/** Path of the Node build inside a front end's dist. */
export const SERVER_DIST = 'server';

/** antd and icon imports straight from their modules (see the loader). */
const DIRECT_IMPORTS_LOADER = join(__dirname, 'direct-imports-loader.ts');

/** Packages whose modules webpack may leave out when nothing uses their exports (see the rules). */
const SIDE_EFFECT_FREE_PACKAGES = /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/]cssinjs(-utils)?)[\\/]/;

/**
 * One federation runtime per page (browser builds): the shell hands its runtime-core to the
 * remotes (`experiments.provideExternalRuntime`, which adds Module Federation's
 * inject-external-runtime-core plugin to the shell's runtime plugins) and a remote's production
 * build takes it from there (`experiments.externalRuntime`: `@module-federation/runtime-core` is the
 * global `_FEDERATION_RUNTIME_CORE`) instead of carrying its own copy in `remoteEntry.js`.
 * The plugin asks for `require.resolve(...)`, its CommonJS build, which pulls the CommonJS builds of
 * runtime-core and sdk beside the ES module builds the bundler runtime already uses: the runtime
 * twice in the shell's `main`. The alias points that file at its ES module build, so both resolve
 * to the same runtime-core modules. Resolved from enhanced's folder, as the plugin does.
 */
const INJECT_RUNTIME_CORE_PLUGIN = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
  paths: [dirname(require.resolve('@module-federation/enhanced/webpack'))],
});
function esmBuildOf(commonJsFile: string): string {
  const esm = commonJsFile.replace(/\.cjs$/, '.js');
  if (esm === commonJsFile || !existsSync(esm)) throw new Error(`No ES module build beside ${commonJsFile}`);
  return esm;
}

/**
 * Webpack's persistent cache for production builds into a workspace's own dist (`npm start`,
 * `npm run build`): a rebuild after a change processes only what changed. Builds into another
 * folder (the browser tests' second versions, the bundle benchmark's variants) stay uncached and
 * leave no cache behind. Webpack checks the files it read and the build scripts below; the
 * version covers what the configuration takes from elsewhere: the shared map (read from the
 * package.json files) and MF_BUILD_VERSION.
 */
function persistentCache(name: string, options: BuildOptions, shared: Record<string, SharedConfig>): Configuration['cache'] {
  if (options.mode !== 'production') return undefined;
  if (options.outDir) return false;
  const inputs = JSON.stringify({ shared, buildVersion: process.env.MF_BUILD_VERSION ?? '' });
  return {
    type: 'filesystem',
    cacheDirectory: join(ROOT_DIR, 'node_modules', '.cache', 'webpack'),
    name,
    version: createHash('sha256').update(inputs).digest('hex').slice(0, 16),
    buildDependencies: {
      config: [
        __filename,
        DIRECT_IMPORTS_LOADER,
        join(__dirname, 'preload-fonts.ts'),
        join(__dirname, 'compile-hints.ts'),
        join(ROOT_DIR, 'shared', 'build', 'federation.ts'),
        join(ROOT_DIR, 'shared', 'build', 'front-ends.ts'),
      ],
    },
  };
}

export function webpackConfig(workspace: string, options: BuildOptions): Configuration {
  if (options.server) return serverWebpackConfig(workspace, options);
  const frontEnd = findFrontEnd(workspace);
  const workspaceDir = join(ROOT_DIR, frontEnd.workspace);
  const production = options.mode === 'production';
  const isHost = frontEnd.kind === 'host';
  const sourceMaps = options.sourceMaps ?? true;

  const shared: Record<string, SharedConfig> = sharedMap(workspaceDir, ROOT_DIR);
  if (options.shareAntd) {
    shared.antd = { singleton: true, requiredVersion: false, eager: false, strictVersion: false };
  }

  return {
    name: frontEnd.name,
    mode: options.mode,
    context: workspaceDir,
    entry: { main: './src/index.ts' },
    target: 'web',
    // Separate caches: modules built with and without source maps differ.
    cache: persistentCache(`${frontEnd.name}-web${sourceMaps ? '-maps' : ''}`, options, shared),
    devtool: production ? (sourceMaps ? 'source-map' : false) : 'eval-cheap-module-source-map',
    output: {
      path: options.outDir ?? join(workspaceDir, 'dist'),
      // The shell is served at `/`; a remote under `/remotes/<name>/` or another origin.
      publicPath: isHost ? '/' : 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: frontEnd.name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: isHost ? { [INJECT_RUNTIME_CORE_PLUGIN]: esmBuildOf(INJECT_RUNTIME_CORE_PLUGIN) } : {},
    },
    module: {
      rules: [
        // antd's @rc-component packages and its CSS-in-JS do not declare `sideEffects: false`, so
        // webpack kept every module their index re-exports: one antd Button brought all of
        // @rc-component/form (through Space.Compact's form context). None has an import-time effect.
        { test: SIDE_EFFECT_FREE_PACKAGES, sideEffects: false },
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: [DIRECT_IMPORTS_LOADER, { loader: 'esbuild-loader', options: { target: 'es2020', jsx: 'automatic' } }],
        },
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(woff2?|ttf|eot)$/, type: 'asset/resource' },
        { test: /\.(png|jpe?g|gif|svg|webp|avif|ico)$/, type: 'asset' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: frontEnd.name,
        filename: 'remoteEntry.js',
        // The shell knows no remote at build time: remotes are registered from remotes.json. Its
        // runtime plugin reads each remote's version and refuses incompatible React/shared versions.
        ...(isHost
          ? { runtimePlugins: [join(workspaceDir, 'src', 'federation', 'runtime-plugin.ts')] }
          : { exposes: { './routes': './src/routes.tsx' } }),
        shared,
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // One runtime per page (see INJECT_RUNTIME_CORE_PLUGIN): a remote's production entry needs a
        // shell that provides it. Development builds keep their own, so a remote's dev harness
        // (`npm run dev -w <remote>`, no shell) still runs alone.
        // target 'web' leaves out the runtime's Node script loader, which a browser never runs.
        experiments: {
          ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: production }),
          optimization: { target: 'web' },
        },
      }),
      new HtmlWebpackPlugin({
        template: join(__dirname, 'index.html'),
        title: frontEnd.title,
        scriptLoading: 'defer',
      }),
      // Body text (400) and headings (600) in their font from the first paint.
      ...(isHost ? [new PreloadFontsPlugin([/poppins-latin-(400|600)-normal\.[0-9a-f]+\.woff2$/])] : []),
      ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' })] : []),
      // The visitor's path (shell and storefront): see compile-hints.ts.
      ...(production && (isHost || frontEnd.mount === 'storefront') ? [new CompileHintsPlugin()] : []),
    ],
    optimization: {
      // Never a runtimeChunk: a federation container must carry its own runtime.
      // esbuild wraps minified web output in an IIFE unless a format is given, which would hide
      // the container's global (`var storefront`) that the federation runtime reads: keep scripts as scripts.
      minimizer: [
        // SWC's minifier with terser's options: output as small as terser's (it removes the code webpack's
        // tree shaking leaves unused, which esbuild's minifier keeps), in about the time esbuild takes.
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          extractComments: false,
          terserOptions: { ecma: 2020, compress: { passes: 2 } },
        }),
        new EsbuildPlugin({ target: 'es2020', css: true, format: undefined, include: /\.css$/ }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** The Node build of a front end (see `BuildOptions.server`). */
function serverWebpackConfig(workspace: string, options: BuildOptions): Configuration {
  const frontEnd = findFrontEnd(workspace);
  const workspaceDir = join(ROOT_DIR, frontEnd.workspace);
  const isHost = frontEnd.kind === 'host';
  const nodeRuntimePlugin = require.resolve('@module-federation/node/runtimePlugin');
  const shared = sharedMap(workspaceDir, ROOT_DIR);
  return {
    name: `${frontEnd.name}-server`,
    mode: options.mode,
    context: workspaceDir,
    // A remote's Node build is its container alone; the shell's is the render module.
    entry: isHost ? { server: './src/server-rendering/node-entry.ts' } : {},
    target: 'async-node',
    cache: persistentCache(`${frontEnd.name}-node${options.sourceMaps ? '-maps' : ''}`, options, shared),
    // Maps beside the Node build (never served to browsers: isBuildInternal) for stack traces and
    // scripts/visitor-request-files.ts, which maps the code a request ran back to its source files.
    devtool: options.sourceMaps ? 'source-map' : false,
    output: {
      path: options.outDir ?? join(workspaceDir, 'dist', SERVER_DIST),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: `${frontEnd.name}-server`,
      clean: true,
      ...(isHost ? { library: { type: 'commonjs2' } } : {}),
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        { test: SIDE_EFFECT_FREE_PACKAGES, sideEffects: false },
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: [DIRECT_IMPORTS_LOADER, { loader: 'esbuild-loader', options: { target: 'node20', jsx: 'automatic' } }],
        },
        { test: /\.(woff2?|ttf|eot|png|jpe?g|gif|svg|webp|avif|ico)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      // Stylesheets are the browser build's business.
      new NormalModuleReplacementPlugin(/\.css$/, join(__dirname, 'empty-module.js')),
      new ModuleFederationPlugin({
        name: frontEnd.name,
        filename: 'remoteEntry.js',
        ...(isHost
          ? { runtimePlugins: [nodeRuntimePlugin, join(workspaceDir, 'src', 'federation', 'runtime-plugin.ts')] }
          : {
              exposes: { './routes': './src/routes.tsx', ...(frontEnd.mount === 'storefront' ? { './ssr': './src/ssr.ts' } : {}) },
              runtimePlugins: [nodeRuntimePlugin],
              library: { type: 'commonjs-module', name: frontEnd.name },
            }),
        remoteType: 'script',
        shared,
        shareStrategy: 'loaded-first',
        manifest: false,
        dts: false,
      }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
