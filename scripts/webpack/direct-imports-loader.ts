/**
 * Rewrites `import { Button, Table } from "antd"` into one import per component from the module
 * that defines it (`import Button from "antd/es/button"`), and the same for `@ant-design/icons`.
 * Both packages re-export everything from one index that they declare free of side effects, so
 * webpack leaves the unused modules out of the bundles either way; but through the index it first
 * parses every module the index names: in an admin remote's build 1,600 icon modules and 200 antd
 * modules of its 3,400. Direct imports make each build parse the modules it uses.
 *
 * The map comes from the installed packages' own indexes (`export { default as X } from "./x"`); a
 * name they do not list that way (a type, a helper) stays imported from the index, as written. It
 * runs on esbuild-loader's output, where types are gone and every import is printed one way.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LoaderContext } from 'webpack';

interface PackageIndex {
  file: string;
  /** Export name → the request of the module whose default export it is. */
  modules: Map<string, string>;
}

function readIndex(packageName: string, index: string): PackageIndex {
  // From the package folder: an `exports` map need not name the index file itself.
  const file = join(dirname(require.resolve(`${packageName}/package.json`)), index);
  const modules = new Map<string, string>();
  for (const match of readFileSync(file, 'utf8').matchAll(/export \{ default as (\w+) \} from ["']\.\/([\w/-]+)["'];/g)) {
    modules.set(match[1]!, `${packageName}/${dirname(index)}/${match[2]!}`);
  }
  return { file, modules };
}

const PACKAGES = new Map([
  ['antd', readIndex('antd', 'es/index.js')],
  ['@ant-design/icons', readIndex('@ant-design/icons', 'es/icons/index.js')],
]);

/** esbuild prints a named import this way, one statement a line. */
const NAMED_IMPORT = /^import \{([^}]*)\} from "(antd|@ant-design\/icons)";$/gm;

export function directImports(source: string): string {
  return source.replace(NAMED_IMPORT, (statement, specifiers: string, packageName: string) => {
    const { modules } = PACKAGES.get(packageName)!;
    const direct: string[] = [];
    const kept: string[] = [];
    for (const specifier of specifiers.split(',').map((part) => part.trim()).filter(Boolean)) {
      const [imported, local = imported] = specifier.split(/\s+as\s+/) as [string, string?];
      const module = modules.get(imported);
      if (module) direct.push(`import ${local} from "${module}";`);
      else kept.push(specifier);
    }
    if (!direct.length) return statement;
    if (kept.length) direct.push(`import { ${kept.join(', ')} } from "${packageName}";`);
    // On the statement's own line, so the lines below keep their place in the incoming source map.
    return direct.join(' ');
  });
}

export default function directImportsLoader(this: LoaderContext<unknown>, source: string, map?: Parameters<LoaderContext<unknown>['callback']>[2]): void {
  // A module is built again when an index it was rewritten from changes (another antd version).
  for (const { file } of PACKAGES.values()) this.addDependency(file);
  this.callback(null, directImports(source), map);
}
