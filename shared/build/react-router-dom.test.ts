/**
 * Front ends get `react-router-dom` through the shared subset in react-router-dom.ts; a name it
 * does not export would be `undefined` at runtime. Every value imported from react-router-dom
 * anywhere in the front ends must be exported by it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as provided from './react-router-dom';

const ROOT = join(__dirname, '..', '..');
const FRONT_END_SOURCES = ['shell/src', 'mfe-storefront/src', 'mfe-catalog-admin/src', 'mfe-store-admin/src', 'mfe-config-admin/src', 'shared/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function routerValueImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]+)\}\s+from\s+['"]react-router(-dom)?['"]/g)) {
    if (match[1]) continue;
    for (const part of match[2]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

describe('shared react-router-dom subset', () => {
  const used = new Set(
    FRONT_END_SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((file) => routerValueImports(readFileSync(file, 'utf8'))),
  );

  it('finds the router imports of the front ends', () => {
    expect(used).toContain('Routes');
    expect(used).toContain('useNavigate');
  });

  it.each([...used].sort())('exports %s', (name) => {
    expect((provided as Record<string, unknown>)[name]).toBeDefined();
  });

  it('is never imported as react-router directly (its context would not be the shared one)', () => {
    const direct = FRONT_END_SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir))).filter((file) =>
      /from\s+['"]react-router['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(direct).toEqual([]);
  });
});
