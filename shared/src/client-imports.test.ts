/**
 * `@koopjesland/shared` is loaded on every visitor page before it can hydrate, so what its entry
 * pulls in is paid on a phone's first screen. The schema library (zod) is for the API and the
 * forms that validate: it must not be reachable from the entry through value imports.
 */
import fs from 'node:fs';
import path from 'node:path';

const ENTRY = path.join(__dirname, 'index.ts');
/** `import … from '…'`, `export … from '…'` and `import '…'`, except type-only ones. */
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

/** The packages reachable from `entry` through value imports, with the file that imports each. */
function packagesReachableFrom(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)) {
      if (!specifier) continue;
      if (specifier.startsWith('.')) {
        const target = resolve(file, specifier);
        if (target && /\.tsx?$/.test(target)) queue.push(target);
      } else if (!packages.has(specifier)) {
        packages.set(specifier, path.relative(path.dirname(entry), file));
      }
    }
  }
  return packages;
}

describe('the shared package entry every page loads', () => {
  it('reaches no schema library through value imports', () => {
    const packages = packagesReachableFrom(ENTRY);
    const schemaImports = [...packages].filter(([name]) => name === 'zod' || name.startsWith('zod/'));
    expect(schemaImports).toEqual([]);
  });

  it('is followed through its re-exports (the walk reaches React and i18next)', () => {
    const packages = packagesReachableFrom(ENTRY);
    expect(packages.has('react')).toBe(true);
    expect(packages.has('i18next')).toBe(true);
  });
});
