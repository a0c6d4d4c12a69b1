/* global WebAssembly */
// The API tests' environment: Node's, plus PGlite's WebAssembly prepared once per jest worker.
//
// - Its shared buffers. PGlite starts PostgreSQL with 128 MB of shared buffers, fixed in its binary,
//   and zeroes them at every start: about half of a test database's start-up, for tables of a few
//   rows. The tests run a copy of the binary that asks for 8 MB.
// - Its compiled code. Every test file runs in a realm of its own and starts PGlite there. V8 keeps
//   one compiled module per distinct binary while any module of it is alive, and gives it to every
//   later compile of the same bytes. The module held here outlives each file, so a file's compile
//   (in its own realm: PGlite tells a module from bytes with `instanceof`) costs next to nothing.
const fs = require('node:fs');
const path = require('node:path');
const { Buffer } = require('node:buffer');
const { TestEnvironment } = require('jest-environment-node');

const BINARY = path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
const DEFAULT_BUFFERS = Buffer.from('shared_buffers=128MB\0');
const TEST_BUFFERS = Buffer.from('shared_buffers=8MB\0\0\0');

/** PGlite's binary asking for TEST_BUFFERS; as shipped if its setting is not found exactly once. */
function testBinary() {
  const bytes = fs.readFileSync(BINARY);
  const at = bytes.indexOf(DEFAULT_BUFFERS);
  if (at < 0 || bytes.indexOf(DEFAULT_BUFFERS, at + 1) >= 0) return bytes;
  TEST_BUFFERS.copy(bytes, at);
  return bytes;
}

let prepared;

class NodeWithPglite extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    if (!prepared) {
      const bytes = testBinary();
      prepared = { bytes, kept: new WebAssembly.Module(bytes) };
    }
    const fileRealm = this.global;
    // A function, not the module or the bytes: jest walks what a file leaves on its global when the
    // file ends, and 9 MB of bytes took it minutes.
    fileRealm.__pgliteModule = () => new fileRealm.WebAssembly.Module(prepared.bytes);
  }
}

module.exports = NodeWithPglite;
