/**
 * npm start: builds the front ends that have no dist yet (all of them with --rebuild),
 * then runs the API server in this process, which migrates, seeds an empty embedded database
 * and serves everything on PORT (default 8080). With --api-only (or SERVE_FRONTENDS=false)
 * it neither builds nor serves front ends.
 */
import { buildFrontEnds } from './build';
import { main } from '../api/src/server';
import { loadConfig } from '../api/src/config';

if (loadConfig().serveFrontEnds) {
  try {
    buildFrontEnds({ onlyMissing: !process.argv.includes('--rebuild') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error('Starting anyway: the API works, pages that need the missing build will not.');
  }
}
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
