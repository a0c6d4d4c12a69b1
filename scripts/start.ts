/**
 * npm start: builds the front ends that have no dist yet (all of them with --rebuild),
 * then runs the API server in this process, which migrates, seeds an empty database and
 * serves everything on PORT (default 8080).
 */
import { buildFrontEnds } from './build';
import { main } from '../api/src/server';

try {
  buildFrontEnds({ onlyMissing: !process.argv.includes('--rebuild') });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error('Starting anyway: the API works, pages that need the missing build will not.');
}
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
