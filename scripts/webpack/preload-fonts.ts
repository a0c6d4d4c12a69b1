/**
 * `<link rel="preload" as="font">` in the shell's index.html for the font files every page paints
 * with (body text and headings), so the text is set in its font at first paint instead of
 * reflowing when the font arrives late (fonts.css declares `font-display: swap`).
 */
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Compiler } from 'webpack';

export class PreloadFontsPlugin {
  /** `files`: patterns of emitted font assets, e.g. /poppins-latin-400-normal\.[0-9a-f]+\.woff2$/. */
  constructor(private readonly files: RegExp[]) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('PreloadFontsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadFontsPlugin', (groups) => {
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '/', {});
        const assets = Object.keys(compilation.assets).filter((name) => this.files.some((file) => file.test(name)));
        const links = assets.sort().map((name) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            href: `${publicPath === 'auto' ? '/' : publicPath}${name}`,
            as: 'font',
            type: 'font/woff2',
            crossorigin: 'anonymous',
          }),
        );
        groups.headTags.unshift(...links);
        return groups;
      });
    });
  }
}
