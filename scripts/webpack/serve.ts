/**
 * Dev server of one front end: `tsx scripts/webpack/serve.ts <workspace>`. /api goes to the API
 * on 8080; the shell's dev server also answers /remotes.json with every remote's dev server.
 */
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { webpackConfig } from './config';
import { findFrontEnd, REMOTES } from '../../shared/build/front-ends';

const API_PORT = 8080;

/** remotes.json for the dev servers: each remote's manifest on its own port. */
function devRemotesConfig(host = 'localhost'): Record<string, string> {
  return Object.fromEntries(REMOTES.map((remote) => [remote.name, `http://${host}:${remote.port}/mf-manifest.json`]));
}

async function serve(workspace: string): Promise<void> {
  const frontEnd = findFrontEnd(workspace);
  const compiler = webpack(webpackConfig(workspace, { mode: 'development' }));
  const server = new WebpackDevServer(
    {
      port: frontEnd.port,
      host: 'localhost',
      hot: true,
      historyApiFallback: true,
      // The shell on :3000 loads remotes from the other ports.
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: `http://localhost:${API_PORT}` }],
      client: { overlay: { errors: true, warnings: false } },
      setupMiddlewares(middlewares, devServer) {
        if (frontEnd.kind === 'host') {
          devServer.app?.get('/remotes.json', (_request, response) => {
            response.json(devRemotesConfig());
          });
        }
        return middlewares;
      },
    },
    compiler,
  );
  await server.start();
  console.log(`${frontEnd.workspace}: http://localhost:${frontEnd.port}`);
}

const workspace = process.argv[2];
if (!workspace) {
  console.error('usage: tsx scripts/webpack/serve.ts <workspace>');
  process.exit(2);
}
serve(workspace).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
