// Import cycles between folders (`import-x/no-cycle` sees only cycles between files).
//
// A folder is the unit a reader thinks in: each feature folder (`<workspace>/src/features/<name>`),
// each other folder directly under a `src` (`api/src/http`, `shared/src/format`), each file directly
// under a `src` (`api/src/config.ts`), and outside `src` the file's own folder (`shared/build`). A
// folder may use another only when that one does not use it back, directly or through others, so
// the folders form layers: a lower one never reaches up to a feature. Test files are left out: they
// import whatever they test and nothing imports them.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import ts from 'typescript';

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const IGNORED_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$|\.d\.ts$/;
const IGNORED_DIR = new Set(['node_modules', 'dist', 'coverage', 'data', '.cache', '.git']);

const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** The folder a file belongs to, relative to `root` (posix separators). */
export function folderOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  const src = parts.lastIndexOf('src');
  if (src === -1) return parts.slice(0, -1).join('/') || '.';
  const rest = parts.slice(src + 1);
  const base = parts.slice(0, src + 1);
  if (rest[0] === 'features' && rest.length > 2) return [...base, 'features', rest[1]].join('/');
  if (rest.length > 1) return [...base, rest[0]].join('/');
  return parts.join('/');
}

function filesIn(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!IGNORED_DIR.has(entry.name)) filesIn(path.join(dir, entry.name), out);
    } else if (SOURCE.test(entry.name) && !IGNORED_FILE.test(entry.name)) {
      out.push(path.join(dir, entry.name));
    }
  }
  return out;
}

/** Module specifiers a file loads at run time: imports, re-exports, `import()` and `require()`; not `import type`. */
export function runtimeSpecifiers(file, text = fs.readFileSync(file, 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) found.push({ specifier: node.moduleSpecifier.text, start: node.getStart(source), end: node.getEnd() });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push({ specifier: node.moduleSpecifier.text, start: node.getStart(source), end: node.getEnd() });
    } else if (
      ts.isCallExpression(node) &&
      node.arguments.length === 1 &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      found.push({ specifier: node.arguments[0].text, start: node.getStart(source), end: node.getEnd() });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The repository file a specifier resolves to, or null for a package or an unresolved name. */
export function resolveInRepo(root, specifier, fromFile) {
  const resolved = ts.resolveModuleName(specifier, fromFile, compilerOptions, ts.sys).resolvedModule;
  if (!resolved) return null;
  const real = fs.realpathSync(resolved.resolvedFileName);
  if (!real.startsWith(root + path.sep) || real.split(path.sep).includes('node_modules')) return null;
  if (real.endsWith('.d.ts')) return null;
  return real;
}

/** The folder graph of one repository, built lazily: a folder's imports are read when first asked. */
export function createFolderGraph(root) {
  const edges = new Map();

  function folderFiles(folder) {
    const target = path.join(root, folder);
    if (!fs.existsSync(target)) return [];
    const files = fs.statSync(target).isDirectory() ? filesIn(target) : [target];
    return files.filter((file) => folderOf(root, file) === folder);
  }

  /** The folders `folder` imports, each with one file that does it (for the message). */
  function importsOf(folder) {
    let out = edges.get(folder);
    if (out) return out;
    out = new Map();
    edges.set(folder, out);
    for (const file of folderFiles(folder)) {
      for (const { specifier } of runtimeSpecifiers(file)) {
        const target = resolveInRepo(root, specifier, file);
        if (!target) continue;
        const to = folderOf(root, target);
        if (to !== folder && !out.has(to)) out.set(to, path.relative(root, file));
      }
    }
    return out;
  }

  /** A path of folders from `from` back to `to`, or null when `from` never reaches `to`. */
  function pathBetween(from, to) {
    const previous = new Map([[from, null]]);
    const queue = [from];
    while (queue.length) {
      const folder = queue.shift();
      if (folder === to) {
        const chain = [];
        for (let step = folder; step !== null; step = previous.get(step)) chain.unshift(step);
        return chain;
      }
      for (const next of importsOf(folder).keys()) {
        if (!previous.has(next)) {
          previous.set(next, folder);
          queue.push(next);
        }
      }
    }
    return null;
  }

  return { importsOf, pathBetween };
}

const graphs = new Map();

function graphFor(root) {
  let graph = graphs.get(root);
  if (!graph) graphs.set(root, (graph = createFolderGraph(root)));
  return graph;
}

/** The repository root: the nearest folder above `file` that holds package-lock.json. */
function rootOf(file) {
  let dir = path.dirname(file);
  while (!fs.existsSync(path.join(dir, 'package-lock.json'))) {
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
  return fs.realpathSync(dir);
}

const noFolderCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids imports that close a cycle between folders (features, layers).' },
    schema: [
      {
        type: 'object',
        properties: {
          // Groups of folders whose cycle is known and tolerated until it is taken apart.
          knownCycles: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import cycle between folders: {{chain}}' },
  },
  create(context) {
    const knownCycles = context.options[0]?.knownCycles ?? [];
    const file = fs.realpathSync(context.filename);
    const root = rootOf(file);
    if (!root || IGNORED_FILE.test(file)) return {};
    const graph = graphFor(root);
    const own = folderOf(root, file);
    return {
      Program() {
        const source = context.sourceCode.getText();
        for (const { specifier, start, end } of runtimeSpecifiers(file, source)) {
          const target = resolveInRepo(root, specifier, file);
          if (!target) continue;
          const to = folderOf(root, target);
          if (to === own) continue;
          if (knownCycles.some((group) => group.includes(own) && group.includes(to))) continue;
          const back = graph.pathBetween(to, own);
          if (!back) continue;
          const loc = { start: context.sourceCode.getLocFromIndex(start), end: context.sourceCode.getLocFromIndex(end) };
          context.report({ loc, messageId: 'cycle', data: { chain: [own, ...back].join(' → ') } });
        }
      },
    };
  },
};

export const folderCyclesPlugin = { rules: { 'no-folder-cycle': noFolderCycle } };

// `node scripts/lint/folder-cycles.mjs`: the groups of folders that import each other in a circle, with
// every import inside a group (one file named per pair of folders).
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = rootOf(path.resolve('package.json')) ?? process.cwd();
  const graph = createFolderGraph(root);
  const folders = new Set();
  for (const workspace of ['api', 'shared', 'shell', 'mfe-storefront', 'mfe-catalog-admin', 'mfe-store-admin', 'mfe-config-admin', 'e2e', 'scripts']) {
    for (const file of filesIn(path.join(root, workspace))) {
      if (!file.includes(`${path.sep}lint${path.sep}fixtures${path.sep}`)) folders.add(folderOf(root, file));
    }
  }
  const grouped = new Set();
  for (const folder of [...folders].sort()) {
    if (grouped.has(folder)) continue;
    const group = [...folders].filter((other) => other === folder || (graph.pathBetween(folder, other) && graph.pathBetween(other, folder)));
    if (group.length < 2) continue;
    for (const member of group) grouped.add(member);
    process.stdout.write(`cycle: ${group.join(', ')}\n`);
    for (const member of group) {
      for (const [to, via] of graph.importsOf(member)) if (group.includes(to)) process.stdout.write(`  ${member} → ${to}   (${via})\n`);
    }
  }
  if (grouped.size) process.exitCode = 1;
}
