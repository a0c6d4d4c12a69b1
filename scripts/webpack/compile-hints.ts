/**
 * V8's explicit compile hint for a whole file: with `//# allFunctionsCalledOnLoad` as its first
 * line, Chromium compiles every function of the script on its background streaming thread instead
 * of compiling each one on the main thread the first time it is called. Webpack wraps every module
 * in a function that runs once on load, so without the hint each module is compiled inside the
 * tasks that block a phone's first input (figures: docs/benchmarks.md, Lighthouse).
 *
 * Given only to builds whose chunks are mostly run on load (the visitor's path): eager
 * compilation costs background time and memory for functions a page never calls.
 * Added after minification (which drops comments) and before source maps, whose lines shift with it.
 */
import { Compilation, sources, type Compiler, type WebpackPluginInstance } from 'webpack';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export class CompileHintsPlugin implements WebpackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(CompileHintsPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: CompileHintsPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const chunk of compilation.chunks) {
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
            }
          }
        },
      );
    });
  }
}
