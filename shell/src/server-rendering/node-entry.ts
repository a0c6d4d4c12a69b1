/**
 * Entry of the shell's Node build (`shell/dist/server/server.js`, docs/architecture.md "Server
 * rendering"). Async boundary, as in the browser: the federation runtime settles the shared
 * singletons before any React code runs.
 */
import type { RenderRequest, RenderResult } from './contract';

export async function renderPage(request: RenderRequest): Promise<RenderResult> {
  const { renderPage: render } = await import('./render-page');
  return render(request);
}
