// Every API test file starts PGlite in a new realm, which compiles its WebAssembly (about 10 MB)
// again; V8's optimising tier then recompiled all of it in the background, competing with the tests
// for the two cores. The baseline compiler alone costs each file less CPU, and a test's small
// queries run no slower for it (figures in docs/benchmarks.md).
import v8 from 'node:v8';

v8.setFlagsFromString('--liftoff-only');
