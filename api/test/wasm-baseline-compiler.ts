// PGlite's WebAssembly (about 9 MB) runs on V8's baseline compiler in the API tests: the optimising
// tier compiled its hot functions again in the background, competing with the tests for the two
// cores, and a test's small queries run no faster for it (figures in docs/benchmarks.md).
import v8 from 'node:v8';

v8.setFlagsFromString('--liftoff-only');
