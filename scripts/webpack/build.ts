/** Production build of one front end into `<workspace>/dist`: `tsx scripts/webpack/build.ts <workspace>`. */
import webpack from 'webpack';
import { webpackConfig } from './config';

export function build(workspace: string, options: { outDir?: string; shareAntd?: boolean } = {}): Promise<void> {
  const compiler = webpack(webpackConfig(workspace, { mode: 'production', ...options }));
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

if (require.main === module) {
  const workspace = process.argv[2];
  if (!workspace) {
    console.error('usage: tsx scripts/webpack/build.ts <workspace>');
    process.exit(2);
  }
  const started = Date.now();
  build(workspace).then(
    () => console.log(`${workspace}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
