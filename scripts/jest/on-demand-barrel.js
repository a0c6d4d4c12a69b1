// Jest runs the front ends as CommonJS without tree shaking, so `import { Button } from 'antd'`
// evaluates every component antd has (and `@ant-design/icons` every icon) in every test file that
// reaches one. A facade made here exports the same names as a Babel-compiled barrel and requires a
// name's own module the first time a test reads it, as the production bundle only holds what is used.
const fs = require('node:fs');
const path = require('node:path');

const requirePattern = /var (_\w+) = (_interopRequireDefault\()?require\("([^"]+)"\)/g;
const getterPattern =
  /Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.(\w+);/g;

/** Adds to `facade` a lazy getter for every `export { name }` of the barrel file. */
function addExports(facade, barrelFile) {
  const text = fs.readFileSync(barrelFile, 'utf8');
  const sources = new Map();
  for (const [, local, interop, request] of text.matchAll(requirePattern)) {
    sources.set(local, { file: require.resolve(request, { paths: [path.dirname(barrelFile)] }), interop: Boolean(interop) });
  }
  let added = 0;
  for (const [, name, local, property] of text.matchAll(getterPattern)) {
    const source = sources.get(local);
    if (!source) throw new Error(`${barrelFile}: export ${name} comes from ${local}, which is not a plain require`);
    Object.defineProperty(facade, name, {
      enumerable: true,
      configurable: true,
      get() {
        const loaded = require(source.file);
        const module = source.interop && !loaded?.__esModule ? { default: loaded } : loaded;
        return module[property];
      },
    });
    added += 1;
  }
  // A barrel in another shape would leave the facade empty and every test failing obscurely.
  if (added === 0) throw new Error(`${barrelFile}: no exports recognised; the package's build changed`);
  return facade;
}

/** A facade for the barrels `files` (resolved from the repository root), in this order. */
function onDemandBarrel(...files) {
  const facade = {};
  Object.defineProperty(facade, '__esModule', { value: true });
  for (const file of files) addExports(facade, require.resolve(file));
  return facade;
}

module.exports = { onDemandBarrel };
