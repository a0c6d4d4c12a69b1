import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import webpack from 'webpack';
import { FRONT_ENDS } from '../../shared/build/front-ends';
import { COMPILE_HINT, CompileHintsPlugin } from './compile-hints';
import { webpackConfig } from './config';

function build(config: webpack.Configuration): Promise<void> {
  return new Promise((resolve, reject) =>
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    }),
  );
}

describe('V8 compile hints in the browser builds', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
    writeFileSync(join(dir, 'entry.js'), "export function greet(name) {\n  return 'hallo ' + name;\n}\nconsole.log(greet(document.title));\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('open each minified script and keep its source map on the right lines', async () => {
    await build({
      mode: 'production',
      context: dir,
      entry: { main: './entry.js' },
      output: { path: join(dir, 'dist'), filename: '[name].js' },
      devtool: 'source-map',
      plugins: [new CompileHintsPlugin()],
    });
    const script = readFileSync(join(dir, 'dist', 'main.js'), 'utf8');
    expect(script.startsWith(COMPILE_HINT)).toBe(true);

    const map = new SourceMapConsumer(JSON.parse(readFileSync(join(dir, 'dist', 'main.js.map'), 'utf8')) as RawSourceMap);
    const lines = script.split('\n');
    const line = lines.findIndex((text) => text.includes('hallo '));
    const position = map.originalPositionFor({ line: line + 1, column: lines[line]!.indexOf('"hallo "') });
    expect(position).toMatchObject({ source: expect.stringContaining('entry.js'), line: 2 });
  });

  it('are given to the shell and the storefront, not to the admin remotes', () => {
    const hinted = FRONT_ENDS.filter((frontEnd) =>
      (webpackConfig(frontEnd.workspace, { mode: 'production' }).plugins ?? []).some((plugin) => plugin instanceof CompileHintsPlugin),
    ).map((frontEnd) => frontEnd.workspace);
    expect(hinted.sort()).toEqual(['mfe-storefront', 'shell']);
  });
});
