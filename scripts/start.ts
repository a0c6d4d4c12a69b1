/**
 * npm start: builds the front ends whose dist is missing or stale (all of them with --rebuild),
 * then runs the API server in this process, which migrates, seeds an empty embedded database
 * and serves everything on PORT (default 8080). With --api-only (or SERVE_FRONTENDS=false)
 * it neither builds nor serves front ends.
 */
import { buildFrontEnds } from './build';
import { main } from '../api/src/server';
import { loadConfig } from '../api/src/config';

async function start(): Promise<void> {
  if (loadConfig().serveFrontEnds) {
    try {
      // No source maps: they serve profiling sessions, which use `npm run build`'s (docs/benchmarks.md).
      await buildFrontEnds({ onlyStale: !process.argv.includes('--rebuild'), sourceMaps: false });
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      console.error('Starting anyway: the API works, pages that need the missing build will not.');
    }
  }
  await main();
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
