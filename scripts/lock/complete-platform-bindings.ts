/**
 * npm run lock:complete: adds the lock entries of other platforms' native bindings that npm
 * left out (@rspack/binding-*, @unrs/resolver-binding-*), so `npm ci` accepts the lock file on
 * a fresh clone on any platform. npm omits them when the registry it used cannot serve their
 * metadata; the entries written here carry version, os, cpu and libc (from the package name),
 * which is all `npm ci` needs to skip them elsewhere and fetch them by version where they apply.
 * Run it after `npm install` changes the lock file; it changes nothing when the lock is complete.
 */
import fs from 'node:fs';
import path from 'node:path';

type LockEntry = Record<string, unknown> & { optionalDependencies?: Record<string, string>; peer?: boolean };

const LOCK_FILE = path.resolve(__dirname, '..', '..', 'package-lock.json');
const PARENTS = ['node_modules/@rspack/binding', 'node_modules/unrs-resolver'];

/** os, cpu and libc of a binding, from names like `binding-linux-riscv64-musl` or `binding-win32-x64-msvc`. */
export function platformOf(name: string): { os?: string[]; cpu: string[]; libc?: string[] } {
  const [os = '', cpu = '', ...rest] = (/binding-(.+)$/.exec(name)?.[1] ?? '').split('-');
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  const libc = rest.some((part) => part.startsWith('musl')) ? ['musl'] : rest.some((part) => part.startsWith('gnu')) ? ['glibc'] : undefined;
  return { cpu: [cpu], ...(libc ? { libc } : {}), os: [os] };
}

export function completeLock(lock: { packages: Record<string, LockEntry> }): string[] {
  const added: string[] = [];
  const entries = Object.entries(lock.packages);
  for (const parentKey of PARENTS) {
    const parent = lock.packages[parentKey];
    for (const [name, version] of Object.entries(parent?.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      if (lock.packages[key]) continue;
      const { cpu, libc, os } = platformOf(name);
      const entry: LockEntry = { version, ...(cpu ? { cpu } : {}), dev: true, ...(libc ? { libc } : {}), license: 'MIT', optional: true, ...(os ? { os } : {}), ...(parent?.peer ? { peer: true } : {}) };
      // Keep npm's alphabetical order so the next `npm install` rewrites nothing.
      const index = entries.findIndex(([existing]) => existing !== '' && existing > key);
      entries.splice(index < 0 ? entries.length : index, 0, [key, entry]);
      added.push(key);
    }
  }
  lock.packages = Object.fromEntries(entries);
  return added;
}

if (require.main === module) {
  const lock = JSON.parse(fs.readFileSync(LOCK_FILE, 'utf8')) as { packages: Record<string, LockEntry> };
  const added = completeLock(lock);
  if (added.length > 0) fs.writeFileSync(LOCK_FILE, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added.length > 0 ? `Added ${added.length} platform entries:\n  ${added.join('\n  ')}` : 'The lock file is complete.');
}
